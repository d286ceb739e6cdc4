// The build's prerender (prerender-entry-route.ts loads this in Node): a route's page as HTML,
// before any query or storage is known, for the browser to paint before the JS arrives and React
// to hydrate.
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from './app/App.js';
import { GuestRoutes } from './app/router.js';

/** @public Vite's module loader calls it by path, which knip cannot follow. */
export async function renderRoute(location: string): Promise<string> {
  // Waits for the route's lazy page, where renderToString would give its Suspense fallback.
  const { prelude } = await prerenderToNodeStream(
    <AppProviders>
      <StaticRouter location={location}>
        <GuestRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
