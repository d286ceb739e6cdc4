// Serves the built guest site and staff app. Guest routes (/guest/*, /qr, /qr/*) get the page the
// guest build prerendered for them (`/guest/checkin` → checkin.html) or else the guest index.html, every other non-API path to the staff index.html (both are SPAs). Assets
// are looked up in the staff build, then the guest build, because both may be built with base '/'.
// Hashed files under /assets/ are cached for a year (immutable); everything else, index.html first,
// is revalidated on each load (no-cache). Each file goes out precompressed where the build made a copy.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type Koa from 'koa';
import send from 'koa-send';
import type { AppState } from './context.js';

export interface StaticSites {
  guestWebDir?: string | undefined;
  staffWebDir?: string | undefined;
}

const isGuestPath = (p: string) => p === '/guest' || p.startsWith('/guest/') || p === '/qr' || p.startsWith('/qr/');

async function isFile(root: string | undefined, rel: string): Promise<boolean> {
  if (!root) return false;
  const full = path.resolve(root, `.${rel}`);
  // A path that climbs out of the site's folder is never served.
  if (!full.startsWith(path.resolve(root) + path.sep)) return false;
  return stat(full).then(
    (s) => s.isFile(),
    () => false,
  );
}

async function serve(ctx: Koa.Context, root: string, rel: string): Promise<void> {
  const immutable = rel.startsWith('/assets/');
  ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  // The builds write a brotli and a gzip copy beside each text file (scripts/precompress.ts);
  // koa-send sends the one the browser accepts, so caches must key on Accept-Encoding.
  ctx.vary('Accept-Encoding');
  await send(ctx, rel, { root, brotli: true, gzip: true });
}

export function staticSites(sites: StaticSites): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api') || ctx.path === '/ws') {
      return next();
    }
    let rel: string;
    try {
      rel = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    if (isGuestPath(rel)) {
      const inside = rel.replace(/^\/guest(?=\/|$)/, '') || '/';
      if (inside !== '/' && (await isFile(sites.guestWebDir, inside)))
        return serve(ctx, sites.guestWebDir as string, inside);
      const prerendered = `${inside}.html`;
      if (inside !== '/' && (await isFile(sites.guestWebDir, prerendered)))
        return serve(ctx, sites.guestWebDir as string, prerendered);
      if (await isFile(sites.guestWebDir, '/index.html')) return serve(ctx, sites.guestWebDir as string, '/index.html');
      return next();
    }
    if (rel !== '/' && (await isFile(sites.staffWebDir, rel))) return serve(ctx, sites.staffWebDir as string, rel);
    if (rel !== '/' && (await isFile(sites.guestWebDir, rel))) return serve(ctx, sites.guestWebDir as string, rel);
    if (await isFile(sites.staffWebDir, '/index.html')) return serve(ctx, sites.staffWebDir as string, '/index.html');
    return next();
  };
}
