// Serves the built staff app, with the single-page fallback: any other GET that is not an API
// or live path answers index.html, so deep links like /kitchen-display load the app.

import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { API_PREFIX, LIVE_PATH } from '@tablewise/shared';
import type { Context, Next } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function serveStatic(dir: string | undefined) {
  const root = dir ? resolve(dir) : undefined;
  return async (ctx: Context, next: Next): Promise<void> => {
    const isApi = ctx.path === API_PREFIX || ctx.path.startsWith(`${API_PREFIX}/`) || ctx.path === LIVE_PATH;
    if (!root || isApi || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      await next();
      return;
    }
    let relative: string;
    try {
      relative = normalize(decodeURIComponent(ctx.path)).replace(/^([/\\])+/, '');
    } catch {
      ctx.status = 400;
      return;
    }
    let file = join(root, relative);
    if (file !== root && !file.startsWith(root + sep)) {
      ctx.status = 404;
      return;
    }
    let fallback = false;
    if (!isFile(file)) {
      file = join(root, 'index.html');
      fallback = true;
      if (!existsSync(file)) {
        await next();
        return;
      }
    }
    ctx.type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    // Built assets carry a content hash in their names; index.html must always be fresh.
    ctx.set(
      'Cache-Control',
      fallback || file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
    );
    ctx.body = createReadStream(file);
  };
}
