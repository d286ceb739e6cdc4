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

export function securityHeaders(): Koa.Middleware<AppState> {
  const headers = helmet({
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
  });
  return async (ctx, next) => {
    if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS_VALUE);
    await headers(ctx, next);
  };
}
