// The local mailbox's page (the demo's and the end-to-end tests'): every mail the cloud sent while
// SMTP_URL was unset, newest first, as HTML at / and JSON at /messages. Like the printer
// emulator's page, it listens on this machine only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalMailbox } from './mailer.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Links in a mail's text become links on the page. */
const linked = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function page(mailbox: LocalMailbox): string {
  const mails = [...mailbox.messages()].reverse();
  const items = mails
    .map(
      (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.at)}</p>
<pre>${linked(m.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Local mailbox</title><style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:760px;padding:16px;color:#111827;background:#f9fafb}
article{background:#fff;border:1px solid #d1d5db;border-radius:8px;padding:12px 16px;margin:12px 0}
h2{font-size:18px;margin:0}.meta{color:#4b5563;margin:4px 0}pre{white-space:pre-wrap;font:inherit}a{color:#1d4ed8}
</style></head><body><h1>Local mailbox</h1><p>${mails.length} mail${mails.length === 1 ? '' : 's'}; set SMTP_URL to send real mail.</p>
${items}</body></html>`;
}

export interface MailboxPage {
  url: string;
  close(): Promise<void>;
}

export async function startMailboxPage(mailbox: LocalMailbox, port = 0, host = '127.0.0.1'): Promise<MailboxPage> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (path === '/messages') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([...mailbox.messages()].reverse()));
      return;
    }
    if (path !== '/') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page(mailbox));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
