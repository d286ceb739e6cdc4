// The terminal core alone, bundled for Node: `npm run build:core -w desktop` writes
// desktop/out/core/core.cjs (the core, src/core/cli.ts) and beside it cli.cjs (a copy of
// src/core/bundle-start.cjs, which runs core.cjs with V8's code cache); `npm run terminal:built`
// runs cli.cjs with plain node (no tsx, no TypeScript transform at start). Its own code, the
// shared contract and the pure-JS packages are in the one file, so a start reads one module
// instead of resolving hundreds; the native modules (and what loads them) stay external and load
// from node_modules. CommonJS, because on Node 20 only a vm.Script takes a code cache (vm's
// modules are experimental). Beside the folder, desktop/out/core.sources.json records what it was
// built from (scripts/build-stamp.ts): the chaos suite and the benchmarks run this bundle while it
// is current and build it again only when it is not.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { sourcesStamp } from '../scripts/build-stamp.js';

const NATIVE = ['better-sqlite3', 'argon2', 'bufferutil', 'utf-8-validate'];
const LOADER = new URL('./src/core/bundle-start.cjs', import.meta.url);

export default defineConfig({
  build: {
    ssr: fileURLToPath(new URL('./src/core/cli.ts', import.meta.url)),
    outDir: fileURLToPath(new URL('./out/core', import.meta.url)),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      external: NATIVE,
      // A dynamic import becomes require: a vm.Script's import() needs an experimental flag.
      output: { format: 'cjs', entryFileNames: 'core.cjs', dynamicImportInCjs: false },
    },
  },
  ssr: { noExternal: true, external: NATIVE },
  plugins: [
    {
      name: 'core-loader',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'cli.cjs', source: readFileSync(LOADER, 'utf8') });
      },
    },
    sourcesStamp([fileURLToPath(LOADER)]),
  ],
});
