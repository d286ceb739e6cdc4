// The staff app alone, as static files: what the cloud and the terminal core serve.
// `npm run build:web -w desktop` writes desktop/dist/web, and desktop/dist/web.sources.json (what it
// was built from: the staff screens' Chromium tests use this build while it is current).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sourcesStamp } from '../scripts/build-stamp.js';
import { precompress } from '../scripts/precompress.js';

const renderer = fileURLToPath(new URL('./src/renderer', import.meta.url));

export default defineConfig({
  root: renderer,
  base: '/',
  plugins: [react(), precompress(), sourcesStamp()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    rollupOptions: { input: `${renderer}/index.html` },
  },
  server: {
    // `vite --config vite.web.config.ts` against a running terminal core or cloud
    proxy: {
      '/api': process.env.TW_DEV_BACKEND ?? 'http://127.0.0.1:8080',
      '/ws': { target: (process.env.TW_DEV_BACKEND ?? 'http://127.0.0.1:8080').replace(/^http/, 'ws'), ws: true },
    },
  },
});
