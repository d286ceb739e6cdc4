// Most guests arrive by QR code at the check-in page, on a phone's network, where each request
// costs a round trip of half a second and more. Rendered in the browser, the page's first paint
// waits for the HTML, then for its JS, then for React to run it. So the build also writes the page
// prerendered (`<page>.html`, which the cloud serves for that route), with the stylesheet inlined:
// the browser paints the form from the HTML alone, and React hydrates it when its JS arrives.
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import type { renderRoute } from './src/prerender.js';

interface RenderModule {
  renderRoute: typeof renderRoute;
}

export function prerenderEntryRoute(options: { route: string; fileName: string }): Plugin {
  let root = '';
  return {
    name: 'tablewise-prerender-entry-route',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('prerenderEntryRoute: the build has no index.html');
      // The page's modules run in Node through Vite's module loader, as they are in the sources.
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      let markup: string;
      try {
        const { renderRoute } = (await server.ssrLoadModule('/src/prerender.tsx')) as RenderModule;
        markup = await renderRoute(options.route);
      } finally {
        await server.close();
      }
      let html = String(index.source).replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
      // A stylesheet blocks the first paint until it arrives: a round trip of its own on a slow
      // network, for about 2 KB compressed. The page carries it instead.
      html = html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (_tag, fileName: string) => {
        const css = bundle[fileName];
        if (css?.type !== 'asset') throw new Error(`prerenderEntryRoute: no stylesheet ${fileName}`);
        return `<style>${String(css.source)}</style>`;
      });
      if (!html.includes(markup) || html.includes('rel="stylesheet"')) {
        throw new Error('prerenderEntryRoute: index.html did not take the markup and the styles');
      }
      this.emitFile({ type: 'asset', fileName: options.fileName, source: html });
    },
  };
}
