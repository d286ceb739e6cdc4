// The Electron build (electron-vite): main process (the shell plus the terminal core), the
// sandboxed preload, and the renderer pages bundled into the app (the pairing page; the staff
// app itself is served by the core from dist/web, built by vite.web.config.ts).
// It only bundles, so it runs without the Electron binary; `electron-vite dev` needs the binary.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Native modules load from node_modules at run time (asarUnpack in electron-builder.yml). */
const NATIVE = ['better-sqlite3', 'argon2', 'bufferutil', 'utf-8-validate'];

export default defineConfig({
  main: {
    build: {
      outDir: path('./out/main'),
      externalizeDeps: { include: NATIVE },
      rollupOptions: {
        input: { main: path('./src/electron/main.ts') },
        external: ['electron', ...NATIVE],
      },
    },
  },
  preload: {
    build: {
      outDir: path('./out/preload'),
      // a sandboxed preload cannot be an ES module, and can require nothing but electron
      externalizeDeps: false,
      rollupOptions: {
        input: { index: path('./src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: path('./src/renderer'),
    plugins: [react()],
    build: {
      outDir: path('./out/renderer'),
      rollupOptions: {
        input: { index: path('./src/renderer/index.html'), pairing: path('./src/renderer/pairing/index.html') },
      },
    },
  },
});
