// Security headers on every answer (issue 27), from koa-helmet (helmet's kept rules) rather than
// hand-written ones: a Content-Security-Policy that lets the pages load only their own scripts
// (and Stripe.js, whose card form is the bill page's), no framing by any other site
// (frame-ancestors 'none', X-Frame-Options), nosniff, no referrer to other sites. HSTS only on a
// request that came over TLS (directly or through a trusted proxy): a venue's cloud on plain HTTP
// in its own network must not tell phones to insist on HTTPS it does not have, and for the same
// reason helmet's upgrade-insecure-requests is off.
import type Koa from 'koa';
import helmet from 'koa-helmet';
import type { AppState } from '../context.js';

/** Stripe.js and its frames (docs.stripe.com, "Content Security Policy"). */
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = [...STRIPE_SCRIPTS, 'https://hooks.stripe.com'];

/** HSTS for a year, once the browser reached us over TLS. @internal */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** helmet's rules as the cloud keeps them. @internal exported for the test that compares helmet's own answer */
export const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...STRIPE_SCRIPTS],
      // React sets style attributes; the prerendered pages carry some in their HTML.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // The QR scanner (qr-scanner) decodes in a worker it starts from a blob: URL where the
      // browser has no BarcodeDetector, and the camera's preview is a media stream.
      workerSrc: ["'self'", 'blob:'],
      mediaSrc: ["'self'", 'blob:', 'mediastream:'],
      // 'self' covers the /ws socket on the same host (CSP Level 3).
      connectSrc: ["'self'", 'https://api.stripe.com'],
      frameSrc: STRIPE_FRAMES,
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
};

export function securityHeaders(): Koa.Middleware<AppState> {
  const headers = helmet(HELMET_OPTIONS);
  // Every rule kept is a fixed header, so helmet is run once, here, and what it set is set on each
  // answer as it would have been (issue 28: its chain of a dozen middlewares ran per request).
  const set: [string, string][] = [];
  const removed: string[] = [];
  const capture = {
    setHeader: (name: string, value: unknown) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
    getHeader: () => undefined,
  };
  void headers({ req: { headers: {} }, res: capture } as unknown as Koa.Context, async () => {});
  if (set.length === 0) throw new Error('helmet set no header');
  return async (ctx, next) => {
    if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS_VALUE);
    for (const [name, value] of set) ctx.res.setHeader(name, value);
    for (const name of removed) ctx.res.removeHeader(name);
    await next();
  };
}
