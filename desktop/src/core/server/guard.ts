// The local server listens on 127.0.0.1 only, but a web page in any browser on this machine can
// still reach it. Two checks close that door: the Host header must name this server (a DNS
// rebinding attack arrives with the attacker's host name), and a request that carries an Origin
// must come from this very origin (a cross-site page's fetch or WebSocket carries its own).

import type { IncomingMessage } from 'node:http';
import { MESSAGES } from '@tablewise/shared';
import type { Context, Next } from 'koa';

function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** Null when the request may pass; otherwise the reason it may not. */
export function refusal(req: Pick<IncomingMessage, 'headers'>, port: number): string | null {
  const hosts = allowedHosts(port);
  const host = (req.headers.host ?? '').toLowerCase();
  if (!hosts.has(host)) return `host ${host || '(none)'}`;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (origin.toLowerCase() !== `http://${host}`) return `origin ${origin}`;
  }
  return null;
}

export function hostGuard(port: () => number) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (refusal(ctx.req, port()) !== null) {
      ctx.status = 403;
      ctx.body = { message: MESSAGES.forbiddenOrigin, id: 'forbidden_origin' };
      return;
    }
    await next();
  };
}
