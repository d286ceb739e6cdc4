// The secret that signs QR tokens and guest cookies.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** APP_SECRET when set. Embedded, one is made once and kept in the data folder; on a server it is required. */
export function appSecret(dataDir: string, databaseUrl: string | undefined): string {
  if (process.env.APP_SECRET) return process.env.APP_SECRET;
  // Several instances on one server must share the secret, so it cannot be made up here.
  if (databaseUrl) throw new Error('APP_SECRET is required when DATABASE_URL is set');
  const file = path.join(dataDir, 'app-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
