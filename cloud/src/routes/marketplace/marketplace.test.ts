// A restaurant's public profile (issue 24): the page 'View Public Profile' opens carries the
// profile in its HTML (title, description, contact, the venue's address, schema.org JSON-LD) and a
// link to the venue's check-in; what a manager typed is escaped; an inactive or unknown profile
// answers 404, as does the JSON call.
import { randomUUID } from 'node:crypto';
import { MARKETPLACE_TEXTS } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testkit/harness.js';

let h: Harness;
const open = randomUUID();
const closed = randomUUID();

beforeAll(async () => {
  h = await startHarness();
  await h.database.db('restaurants').insert([
    {
      id: open,
      org_id: h.fixture.a.orgId,
      slug: 'alpha-bistro',
      name: 'Alpha Bistro & Bar',
      description: 'Wood-fired <script>alert(1)</script> pizza',
      phone: '+1 (555) 010-0000',
      email: 'hello@alpha.test',
      website: 'javascript:alert(1)',
      primary_venue_id: h.fixture.a.venueId,
    },
    { id: closed, org_id: h.fixture.a.orgId, slug: 'alpha-closed', name: 'Closed Place', is_active: false },
  ]);
});
afterAll(async () => {
  await h?.close();
});

describe('the public profile page', () => {
  it('renders the profile in its HTML, escaped, with the way in', async () => {
    const reply = await fetch(`${h.cloud.url}/marketplace/restaurant/${open}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await reply.text();
    expect(html).toContain('<title>Alpha Bistro &amp; Bar');
    expect(html).toContain('<h1>Alpha Bistro &amp; Bar</h1>');
    expect(html).toContain('Wood-fired &lt;script&gt;alert(1)&lt;/script&gt; pizza');
    expect(html).not.toContain('<script>alert(1)');
    // A website that is not http(s) is shown, never linked.
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('href="tel:+15550100000"');
    // The venue id alone checks nobody in (issue 27): the profile sends guests to the entrance scanner.
    expect(html).toContain(`href="${h.cloud.url}/guest/scan"`);
    expect(html).toContain(MARKETPLACE_TEXTS.joinWaitlist);
    const venue = await h.database.db('venues').where({ id: h.fixture.a.venueId }).first('address');
    if (venue.address) expect(html).toContain(venue.address);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
    expect(ld).toMatchObject({ '@type': 'Restaurant', name: 'Alpha Bistro & Bar', telephone: '+1 (555) 010-0000' });
    // SHOTS_DIR: the page as a person sees it, desktop and phone.
    if (process.env.SHOTS_DIR) {
      const { chromium } = await import('@playwright/test');
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu'],
      });
      for (const [width, height, name] of [
        [1280, 800, 'desktop'],
        [390, 844, 'phone'],
      ] as const) {
        const page = await browser.newPage({ viewport: { width, height } });
        await page.goto(`${h.cloud.url}/marketplace/restaurant/${open}`);
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/marketplace-${name}.png`, fullPage: true });
      }
      await browser.close();
    }
  });

  it('answers 404 for an inactive, unknown or malformed profile', async () => {
    for (const id of [closed, randomUUID(), 'not-a-uuid']) {
      const reply = await fetch(`${h.cloud.url}/marketplace/restaurant/${id}`);
      expect(reply.status, id).toBe(404);
      expect(await reply.text()).toContain(MARKETPLACE_TEXTS.notFoundTitle);
    }
  });
});

describe('GET /api/marketplace/restaurants/{id}', () => {
  it('answers the public fields to anyone, and 404 for an inactive profile', async () => {
    const reply = await fetch(`${h.cloud.url}/api/marketplace/restaurants/${open}`);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({
      id: open,
      name: 'Alpha Bistro & Bar',
      venue: { id: h.fixture.a.venueId },
      checkinUrl: `${h.cloud.url}/guest/scan`,
    });
    expect((await fetch(`${h.cloud.url}/api/marketplace/restaurants/${closed}`)).status).toBe(404);
  });
});
