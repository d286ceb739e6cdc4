// The guest site's pages are lazy chunks (src/app/router.tsx), so a guest's first page would wait
// for the main bundle to load and run before asking for its own chunk: one more round trip, 0.5 s
// and more on a phone's network. Most guests arrive by QR code at check-in, and every page but the
// scan needs the shared contract's chunk, so index.html asks for the check-in page's chunks at
// once (modulepreload), in parallel with the main bundle.
import type { Plugin } from 'vite';

export function preloadEntryRoute(page: RegExp): Plugin {
  return {
    name: 'tablewise-preload-entry-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const entry = chunks.find((c) => c.isEntry);
        const pageChunk = chunks.find((c) => c.facadeModuleId && page.test(c.facadeModuleId));
        if (!entry || !pageChunk) throw new Error(`preloadEntryRoute: no chunk for ${page}`);
        const already = new Set([entry.fileName, ...entry.imports]);
        const wanted = new Set<string>();
        const visit = (fileName: string) => {
          if (already.has(fileName) || wanted.has(fileName)) return;
          wanted.add(fileName);
          for (const next of (bundle[fileName] as { imports?: string[] }).imports ?? []) visit(next);
        };
        visit(pageChunk.fileName);
        return [...wanted].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
