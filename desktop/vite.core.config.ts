// The terminal core alone, bundled for Node: `npm run build:core -w desktop` writes
// desktop/out/core/cli.js, which `npm run terminal:built` runs with plain node (no tsx, no
// TypeScript transform at start). Its own code, the shared contract and the pure-JS packages are
// in the one file, so a start reads one module instead of resolving hundreds; the native modules
// (and what loads them) stay external and load from node_modules.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const NATIVE = ['better-sqlite3', 'argon2', 'bufferutil', 'utf-8-validate'];

export default defineConfig({
  build: {
    ssr: fileURLToPath(new URL('./src/core/cli.ts', import.meta.url)),
    outDir: fileURLToPath(new URL('./out/core', import.meta.url)),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: { external: NATIVE, output: { entryFileNames: 'cli.js' } },
  },
  ssr: { noExternal: true, external: NATIVE },
});
