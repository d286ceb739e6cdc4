// Every mail the cloud sends goes through one Mailer: SMTP (nodemailer) when SMTP_URL is set,
// otherwise the local mailbox, which keeps the mail in memory for the demo's mailbox page and for
// tests to read. Commands never know which.
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface StoredMail extends MailMessage {
  id: number;
  from: string;
  at: string;
}

/** The address mail comes from unless MAIL_FROM says otherwise. */
const DEFAULT_MAIL_FROM = 'Tablewise <no-reply@tablewise.local>';

/** Mail kept in memory, newest last: the demo's and the tests' mailbox. */
export class LocalMailbox implements Mailer {
  private readonly kept: StoredMail[] = [];
  private next = 1;
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly from: string = DEFAULT_MAIL_FROM,
    /** The most kept; the oldest go first. */
    private readonly max = 500,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.kept.push({ ...message, id: this.next++, from: this.from, at: new Date().toISOString() });
    if (this.kept.length > this.max) this.kept.shift();
    for (const wake of this.waiters) wake();
  }

  messages(): readonly StoredMail[] {
    return this.kept;
  }

  /** The latest mail to `to`, waiting for it up to `timeoutMs` (a test reads what a call sent). */
  async latestTo(to: string, timeoutMs = 5000): Promise<StoredMail> {
    const find = () => [...this.kept].reverse().find((m) => m.to.toLowerCase() === to.toLowerCase());
    const found = find();
    if (found) return found;
    return new Promise((resolve, reject) => {
      const wake = () => {
        const mail = find();
        if (!mail) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(wake);
    });
  }
}

/** SMTP through nodemailer: `smtp://user:pass@host:587` or `smtps://…` (TLS from the start). */
function smtpMailer(url: string, from: string = DEFAULT_MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}

/** The mailer the environment asks for: SMTP_URL's server, else a local mailbox. */
export function mailerFrom(env: NodeJS.ProcessEnv): Mailer {
  const from = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  return env.SMTP_URL ? smtpMailer(env.SMTP_URL, from) : new LocalMailbox(from);
}
