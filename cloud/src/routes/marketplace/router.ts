// A restaurant's public profile (issue 24): the JSON call, and the page `/marketplace/restaurant/
// {id}` that 'View Public Profile' opens, rendered here with the profile in its HTML so it paints
// at once and search engines read it (with schema.org's Restaurant as JSON-LD). No script runs on
// it; its one action is a link to the guest site's check-in, which seats or puts the party in line.
import { getPublicRestaurant, type PublicRestaurant, MARKETPLACE_TEXTS as T } from '@tablewise/shared';
import type { AppDeps, Queryable } from '../../context.js';
import { notFound } from '../../errors.js';
import { type AppRouter, newRouter, serve } from '../http.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function publicProfile(db: Queryable, publicUrl: string, id: string): Promise<PublicRestaurant | null> {
  if (!UUID.test(id)) return null;
  const row = await db('restaurants').where({ id, is_active: true, is_public: true }).first();
  if (!row) return null;
  const venue = row.primary_venue_id
    ? await db('venues').where({ id: row.primary_venue_id, is_active: true }).first('id', 'name', 'address', 'tz')
    : undefined;
  return {
    id: row.id,
    name: row.name,
    description: row.description || null,
    phone: row.phone || null,
    email: row.email || null,
    website: row.website || null,
    logoUrl: row.logo_url || null,
    venue: venue ? { id: venue.id, name: venue.name, address: venue.address, timezone: venue.tz } : null,
    // The scanner at the entrance: the venue id alone checks nobody in (issue 27), so the profile
    // sends guests to scan the code at the door rather than to a check-in that would refuse them.
    checkinUrl: venue ? `${publicUrl}/guest/scan` : null,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Only http(s) links are linked: a stored website of another scheme is shown as text. */
const safeHref = (url: string) => (/^https?:\/\//i.test(url) ? url : null);

function profilePage(p: PublicRestaurant, pageUrl: string): string {
  const e = escapeHtml;
  const description = p.description ?? '';
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: p.name,
    ...(description ? { description } : {}),
    ...(p.phone ? { telephone: p.phone } : {}),
    ...(p.email ? { email: p.email } : {}),
    ...(p.website ? { url: p.website } : {}),
    ...(p.logoUrl ? { logo: p.logoUrl } : {}),
    ...(p.venue?.address ? { address: p.venue.address } : {}),
  }).replace(/</g, '\\u003c');
  const website = p.website ? safeHref(p.website) : null;
  const contact = [
    p.phone ? `<li>${e(T.phone)}: <a href="tel:${e(p.phone.replace(/[^0-9+]/g, ''))}">${e(p.phone)}</a></li>` : '',
    p.email ? `<li>${e(T.email)}: <a href="mailto:${e(p.email)}">${e(p.email)}</a></li>` : '',
    p.website
      ? `<li>${e(T.website)}: ${website ? `<a href="${e(website)}" rel="noopener">${e(p.website)}</a>` : e(p.website)}</li>`
      : '',
  ].join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(p.name)}${p.venue?.address ? ` · ${e(p.venue.address)}` : ''}</title>
<meta name="description" content="${e(description.slice(0, 160) || p.name)}">
<link rel="canonical" href="${e(pageUrl)}">
<meta property="og:title" content="${e(p.name)}"><meta property="og:type" content="restaurant.restaurant">
${p.logoUrl ? `<meta property="og:image" content="${e(p.logoUrl)}">` : ''}
<script type="application/ld+json">${jsonLd}</script>
<style>
body{margin:0;font:17px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:#111827;background:#f3f4f6}
main{max-width:720px;margin:0 auto;padding:24px 16px 48px}
.card{background:#fff;border:1px solid #d1d5db;border-radius:12px;padding:24px}
header{display:flex;gap:16px;align-items:center}
header img{width:88px;height:88px;object-fit:cover;border-radius:12px;border:1px solid #d1d5db}
h1{font-size:28px;line-height:1.2;margin:0}
.address{color:#4b5563;margin:4px 0 0}
h2{font-size:18px;margin:24px 0 8px}
ul{padding:0;margin:0;list-style:none}li{margin:6px 0}
a{color:#1d4ed8}
.cta{display:inline-flex;align-items:center;min-height:48px;padding:0 20px;margin-top:8px;border-radius:8px;background:#1d4ed8;color:#fff;font-weight:600;text-decoration:none}
.hint{color:#4b5563;margin:8px 0 0}
footer{color:#4b5563;font-size:14px;margin-top:24px;text-align:center}
</style></head>
<body><main><article class="card">
<header>${p.logoUrl ? `<img src="${e(p.logoUrl)}" alt="${e(p.name)} logo">` : ''}<div><h1>${e(p.name)}</h1>
${p.venue?.address ? `<p class="address">${e(p.venue.address)}</p>` : ''}</div></header>
${description ? `<p>${e(description)}</p>` : ''}
${
  p.checkinUrl
    ? `<h2>${e(T.visit)}</h2><a class="cta" href="${e(p.checkinUrl)}">${e(T.joinWaitlist)}</a><p class="hint">${e(T.joinHint)}</p>`
    : ''
}
${contact ? `<h2>${e(T.contact)}</h2><ul>${contact}</ul>` : ''}
</article><footer>${e(T.poweredBy)}</footer></main></body></html>`;
}

function notFoundPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(T.notFoundTitle)}</title><meta name="robots" content="noindex"></head>
<body style="font:17px/1.5 system-ui,sans-serif;color:#111827;max-width:640px;margin:48px auto;padding:0 16px">
<h1>${escapeHtml(T.notFoundTitle)}</h1><p>${escapeHtml(T.notFound)}</p></body></html>`;
}

export function marketplaceRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  serve(router, getPublicRestaurant, async ({ params }) => {
    const profile = await publicProfile(deps.db, deps.publicUrl, params().id);
    if (!profile) throw notFound('Restaurant');
    return profile;
  });
  return router;
}

/** The page itself, outside /api: mounted before the staff app's catch-all. */
export function marketplacePages(deps: AppDeps): AppRouter {
  const router = newRouter();
  router.get('/marketplace/restaurant/:id', async (ctx) => {
    const profile = await publicProfile(deps.db, deps.publicUrl, ctx.params.id ?? '');
    ctx.type = 'text/html; charset=utf-8';
    if (!profile) {
      ctx.status = 404;
      ctx.body = notFoundPage();
      return;
    }
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = profilePage(profile, `${deps.publicUrl}/marketplace/restaurant/${profile.id}`);
  });
  return router;
}
