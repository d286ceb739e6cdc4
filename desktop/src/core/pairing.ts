// Pairing a terminal with the cloud, and the credential file it leaves in the data folder.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CreateTerminalAnswer, LoginRequest } from '@tablewise/shared';

export const CREDENTIAL_FILE = 'terminal.json';

export interface SavedTerminal {
  terminalId?: string;
  credential: string;
  cloudUrl?: string;
}

export function readSaved(dataDir: string): SavedTerminal | null {
  const file = join(dataDir, CREDENTIAL_FILE);
  if (!existsSync(file)) return null;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<SavedTerminal>;
  if (typeof saved.credential !== 'string' || saved.credential === '') throw new Error(`${file} holds no credential`);
  return saved as SavedTerminal;
}

/** Signs in to the cloud as staff and pairs a new terminal; the credential is kept readable only by its owner. */
export async function pair(opts: {
  cloudUrl: string;
  dataDir: string;
  email: string;
  password: string;
  name: string;
}): Promise<SavedTerminal> {
  const credentials = LoginRequest.parse({ email: opts.email, password: opts.password });
  const login = await fetch(new URL('/api/auth/login', opts.cloudUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(new URL('/api/terminals', opts.cloudUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: opts.name }),
  });
  if (!res.ok) throw new Error(`Pairing failed: ${res.status} ${await res.text()}`);
  const answer = CreateTerminalAnswer.parse(await res.json());
  const saved: SavedTerminal = {
    terminalId: answer.terminal.id,
    credential: answer.credential,
    cloudUrl: opts.cloudUrl,
  };
  mkdirSync(opts.dataDir, { recursive: true });
  const file = join(opts.dataDir, CREDENTIAL_FILE);
  writeFileSync(file, JSON.stringify(saved, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return saved;
}
