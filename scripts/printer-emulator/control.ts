// The emulators' HTTP face: tests and the demo read the printed tickets here and tell a printer
// to run out of paper, open its cover or go silent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { EMULATOR_CONDITIONS, type EmulatedTicket, type PrinterEmulator } from './emulator.js';

export interface EmulatorControl {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

const ConditionBody = z.object({ printer: z.string().min(1), condition: z.enum(EMULATOR_CONDITIONS) });
const ClearBody = z.object({ printer: z.string().min(1).optional() });

function ticketJson(ticket: EmulatedTicket) {
  return {
    id: ticket.id,
    printer: ticket.printer,
    port: ticket.port,
    text: ticket.text,
    raw: ticket.raw.toString('base64'),
    receivedAt: ticket.receivedAt.toISOString(),
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function allTickets(emulators: PrinterEmulator[], printer: string | null): EmulatedTicket[] {
  return emulators
    .filter((e) => printer === null || e.name === printer)
    .flatMap((e) => e.tickets())
    .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
}

function page(emulators: PrinterEmulator[]): string {
  const printers = emulators
    .map(
      (e) =>
        `<li><b>${escapeHtml(e.name)}</b> on port ${e.port}: ${e.condition()}, ${e.tickets().length} ticket(s)</li>`,
    )
    .join('');
  const tickets = allTickets(emulators, null)
    .reverse()
    .map((t) => {
      const lines = t.lines
        .map((l) => {
          const style = [
            `text-align:${l.align}`,
            l.bold ? 'font-weight:bold' : '',
            l.tall ? 'font-size:1.6em' : '',
            l.wide ? 'letter-spacing:0.3em' : '',
          ]
            .filter(Boolean)
            .join(';');
          return `<div style="${style}">${escapeHtml(l.text) || '&nbsp;'}</div>`;
        })
        .join('');
      return `<article><header>${escapeHtml(t.printer)} · ${t.receivedAt.toLocaleTimeString()}</header><div class="paper">${lines}</div></article>`;
    })
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">
<title>Printer emulator</title>
<style>body{font-family:system-ui;background:#eee;margin:1rem}article{display:inline-block;vertical-align:top;margin:.5rem}
header{font-size:.8em;color:#555}.paper{background:#fff;font-family:monospace;white-space:pre;width:24rem;padding:1rem;box-shadow:0 1px 3px #999}</style>
</head><body><h1>Printer emulator</h1><ul>${printers}</ul>${tickets || '<p>No tickets yet.</p>'}</body></html>`;
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  return body.trim() === '' ? {} : JSON.parse(body);
}

function send(res: http.ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = type === 'application/json' ? JSON.stringify(body) : String(body);
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
  res.end(text);
}

export async function startEmulatorControl(opts: {
  emulators: PrinterEmulator[];
  port?: number;
  host?: string;
}): Promise<EmulatorControl> {
  const { emulators } = opts;
  const byName = (name: string) => emulators.find((e) => e.name === name);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = `${req.method} ${url.pathname}`;
    void (async () => {
      switch (route) {
        case 'GET /':
          return send(res, 200, page(emulators), 'text/html');
        case 'GET /tickets': {
          const printer = url.searchParams.get('printer');
          if (printer !== null && !byName(printer)) return send(res, 404, { message: `Printer ${printer} not found` });
          return send(res, 200, allTickets(emulators, printer).map(ticketJson));
        }
        case 'GET /printers':
          return send(
            res,
            200,
            emulators.map((e) => ({ name: e.name, port: e.port, condition: e.condition() })),
          );
        case 'POST /condition': {
          const parsed = ConditionBody.safeParse(await readJson(req));
          if (!parsed.success) {
            return send(res, 400, {
              message: `Invalid body: expected {printer, condition} with condition one of ${EMULATOR_CONDITIONS.join(', ')}`,
            });
          }
          const emulator = byName(parsed.data.printer);
          if (!emulator) return send(res, 404, { message: `Printer ${parsed.data.printer} not found` });
          emulator.setCondition(parsed.data.condition);
          return send(res, 200, { printer: emulator.name, condition: emulator.condition() });
        }
        case 'POST /clear': {
          const parsed = ClearBody.safeParse(await readJson(req));
          if (!parsed.success) return send(res, 400, { message: 'Invalid body: expected {printer?}' });
          const targets = parsed.data.printer ? emulators.filter((e) => e.name === parsed.data.printer) : emulators;
          if (targets.length === 0) return send(res, 404, { message: `Printer ${parsed.data.printer} not found` });
          for (const e of targets) e.clear();
          return send(res, 200, { cleared: targets.map((e) => e.name) });
        }
        default:
          return send(res, 404, { message: `${route} not found` });
      }
    })().catch((error: unknown) => {
      send(res, error instanceof SyntaxError ? 400 : 500, {
        message: error instanceof SyntaxError ? 'Body is not valid JSON' : 'Internal error',
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 9180, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
