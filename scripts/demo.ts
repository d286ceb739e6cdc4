// Demo wiring shared by `npm start` and the end-to-end tests: the stations the demo menu uses,
// pairing a terminal through the cloud's API as a manager would, and giving it the printers.
import { randomUUID } from 'node:crypto';
import { listPrinters, Printer, TableQrAnswer, updatePrinter } from '@tablewise/shared';
import { z } from 'zod';
import { pairAndSave } from '../desktop/src/core/pairing.js';
import { CloudApi, CloudClient, CloudRefused, isSuccess } from '../desktop/src/core/sync/cloud-api.js';
import { readTerminalConfig } from '../desktop/src/core/terminal-config.js';

export const DEMO_STATIONS = ['Grill', 'Fry', 'Cold', 'Bar'] as const;
/** @internal exported for the benchmark and the end-to-end tests */
export const DEMO_MANAGER = { email: 'manager@demo.test', password: 'demo-manager' } as const;

/**
 * Signs in as the demo manager and answers the session cookie to send with staff calls.
 * @internal exported for the benchmark and the end-to-end tests
 */
export async function signIn(cloudUrl: string, who = DEMO_MANAGER): Promise<string> {
  const session = await new CloudClient(cloudUrl).login(who);
  if (!isSuccess(session.status))
    throw new Error(`Sign-in as ${who.email} failed: ${session.status} ${JSON.stringify(session.body)}`);
  return session.cookie;
}

/** Signs staff in on a terminal core that has just started. Until its replica holds the staff and
 * while the cloud is slow to answer (a loaded machine), the core can refuse a right password, so
 * @internal
 * a refusal is tried again for a while; the last refusal is the error. */
export async function signInOnTerminal(terminalUrl: string, who = DEMO_MANAGER, withinMs = 30_000): Promise<string> {
  const until = Date.now() + withinMs;
  for (;;) {
    const login = await fetch(`${terminalUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(who),
    });
    const body = await login.text();
    if (login.ok)
      return login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    if (Date.now() > until) throw new Error(`Sign-in as ${who.email} on the terminal failed: ${login.status} ${body}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Pairs a terminal once (the core's own pairing) and reuses its saved credential while the cloud accepts it. */
export async function pairDemoTerminal(opts: {
  cloudUrl: string;
  dataDir: string;
  name?: string;
}): Promise<{ terminalId: string; credential: string }> {
  const saved = await readTerminalConfig(opts.dataDir, { cloudUrl: opts.cloudUrl });
  if (saved?.terminalId) {
    try {
      await new CloudApi(opts.cloudUrl, saved.credential).me();
      return { terminalId: saved.terminalId, credential: saved.credential };
    } catch (error) {
      // revoked, or a cloud that was reset since: pair again
      if (!(error instanceof CloudRefused)) throw error;
    }
  }
  const paired = await pairAndSave(opts.dataDir, {
    cloudUrl: opts.cloudUrl,
    ...DEMO_MANAGER,
    terminalName: opts.name ?? 'Demo Kitchen Terminal',
  });
  if (!paired.config) throw new Error(`Pairing the demo terminal failed: ${paired.result.message}`);
  return { terminalId: paired.config.terminalId as string, credential: paired.config.credential };
}

/**
 * The demo terminal drives every printer of the venue: moved to it through the API as a manager
 * would, so every replica (a re-paired terminal's kept one too) hears of it from the feed.
 */
export async function assignVenuePrinters(cloudUrl: string, terminalId: string): Promise<void> {
  const cookie = await signIn(cloudUrl);
  const headers = { cookie, 'content-type': 'application/json' };
  const listed = await fetch(`${cloudUrl}${listPrinters.url()}`, { headers });
  if (!listed.ok) throw new Error(`Listing printers failed: ${listed.status} ${await listed.text()}`);
  for (const printer of z.array(Printer).parse(await listed.json())) {
    if (printer.terminalId === terminalId) continue;
    const res = await fetch(`${cloudUrl}${updatePrinter.url({ id: printer.id })}`, {
      method: updatePrinter.method,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ terminalId }),
    });
    if (!res.ok) throw new Error(`Moving printer ${printer.name} failed: ${res.status} ${await res.text()}`);
  }
}

/** The link a table's QR code holds. */
export async function tableQrUrl(opts: { cloudUrl: string; tableId: string; publicUrl?: string }): Promise<string> {
  const cookie = await signIn(opts.cloudUrl);
  const res = await fetch(`${opts.cloudUrl}/api/tables/${opts.tableId}/qr`, { headers: { cookie } });
  if (!res.ok) throw new Error(`Table QR failed: ${res.status} ${await res.text()}`);
  return TableQrAnswer.parse(await res.json()).url;
}
