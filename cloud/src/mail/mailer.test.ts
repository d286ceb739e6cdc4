// One mail transport (issue 24): SMTP when SMTP_URL is set, else the local mailbox, whose page
// lists what the cloud sent with its links live.
import { afterAll, describe, expect, it } from 'vitest';
import { startMailboxPage } from './mailbox-page.js';
import { LocalMailbox, mailerFrom } from './mailer.js';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('mail', () => {
  it('keeps mail in the local mailbox without SMTP_URL, and goes to SMTP with it', () => {
    expect(mailerFrom({})).toBeInstanceOf(LocalMailbox);
    expect(mailerFrom({ SMTP_URL: 'smtp://127.0.0.1:2525' })).not.toBeInstanceOf(LocalMailbox);
  });

  it('serves the mailbox page, newest first, with links, and as JSON; escapes what it shows', async () => {
    const mailbox = new LocalMailbox();
    const page = await startMailboxPage(mailbox);
    closers.push(page.close);
    await mailbox.send({ to: 'a@example.test', subject: 'First <b>', text: 'no link' });
    await mailbox.send({
      to: 'b@example.test',
      subject: 'Second',
      text: 'Go: http://localhost:8080/accept-invitation#token=abc',
    });
    const html = await (await fetch(`${page.url}/`)).text();
    expect(html.indexOf('Second')).toBeLessThan(html.indexOf('First'));
    expect(html).toContain('First &lt;b&gt;');
    expect(html).toContain('<a href="http://localhost:8080/accept-invitation#token=abc">');
    const json = (await (await fetch(`${page.url}/messages`)).json()) as { to: string }[];
    expect(json.map((m) => m.to)).toEqual(['b@example.test', 'a@example.test']);
    expect((await fetch(`${page.url}/nothing`)).status).toBe(404);
    expect((await mailbox.latestTo('B@example.test')).subject).toBe('Second');
  });

  it('waits for a mail still to come, and gives up after its time', async () => {
    const mailbox = new LocalMailbox();
    const waiting = mailbox.latestTo('late@example.test');
    await mailbox.send({ to: 'late@example.test', subject: 'Here', text: '' });
    expect((await waiting).subject).toBe('Here');
    await expect(mailbox.latestTo('never@example.test', 20)).rejects.toThrow(/No mail/);
  });
});
