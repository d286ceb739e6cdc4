// Demo wiring shared by `npm start` and the end-to-end tests: the stations the demo menu uses,
// pairing a terminal through the cloud's API as a manager would, and giving it the printers.
import { TableQrAnswer } from '@tablewise/shared';
import type { Db } from '../cloud/src/db/connect.js';
import { pair, readSaved } from '../desktop/src/core/pairing.js';

export const DEMO_STATIONS = ['Grill', 'Fry', 'Cold', 'Bar'] as const;
export const DEMO_MANAGER = { email: 'manager@demo.test', password: 'demo-manager' } as const;

/** Signs in as the demo manager and answers the session cookie to send with staff calls. */
export async function signIn(cloudUrl: string, who = DEMO_MANAGER): Promise<string> {
  const res = await fetch(`${cloudUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`Sign-in as ${who.email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Pairs a terminal once (the core's own pairing) and reuses its saved credential while the cloud accepts it. */
export async function pairDemoTerminal(opts: {
  cloudUrl: string;
  dataDir: string;
  name?: string;
}): Promise<{ terminalId: string; credential: string }> {
  const saved = readSaved(opts.dataDir);
  if (saved?.terminalId) {
    const me = await fetch(`${opts.cloudUrl}/api/terminals/me`, {
      headers: { authorization: `Terminal ${saved.credential}` },
    });
    if (me.ok) return { terminalId: saved.terminalId, credential: saved.credential };
  }
  const paired = await pair({
    cloudUrl: opts.cloudUrl,
    dataDir: opts.dataDir,
    ...DEMO_MANAGER,
    name: opts.name ?? 'Demo Kitchen Terminal',
  });
  return { terminalId: paired.terminalId as string, credential: paired.credential };
}

/** The demo terminal drives every printer of the venue. */
export async function assignVenuePrinters(db: Db, venueId: string, terminalId: string): Promise<void> {
  await db('printers').where({ venue_id: venueId }).update({ terminal_id: terminalId, updated_at: db.fn.now() });
}

/** The link a table's QR code holds. */
export async function tableQrUrl(opts: { cloudUrl: string; tableId: string; publicUrl?: string }): Promise<string> {
  const cookie = await signIn(opts.cloudUrl);
  const res = await fetch(`${opts.cloudUrl}/api/tables/${opts.tableId}/qr`, { headers: { cookie } });
  if (!res.ok) throw new Error(`Table QR failed: ${res.status} ${await res.text()}`);
  return TableQrAnswer.parse(await res.json()).url;
}
