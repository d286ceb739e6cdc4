import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/precompress.js';
import { preloadEntryRoute } from './preload-entry-route.js';
import { prerenderEntryRoute } from './prerender-entry-route.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const cloud = 'http://127.0.0.1:8080';

// The cloud serves the built site at /guest/*, /qr and /qr/*, so every call is relative to the
// page's own origin; in development the same paths are proxied to a local cloud.
export default defineConfig({
  root,
  base: '/',
  plugins: [
    react(),
    preloadEntryRoute(/\/features\/checkin\/components\/CheckinPage\.tsx$/),
    // The cloud serves checkin.html for /guest/checkin (cloud/src/static-sites.ts).
    prerenderEntryRoute({ route: '/guest/checkin', fileName: 'checkin.html' }),
    precompress(),
  ],
  build: { outDir: fileURLToPath(new URL('./dist', import.meta.url)), emptyOutDir: true },
  server: {
    // The shared contract is imported as source from ../shared.
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
    proxy: {
      '/api': { target: cloud, changeOrigin: false },
      '/ws': { target: cloud, ws: true, changeOrigin: false },
    },
  },
});
