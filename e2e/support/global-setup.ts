// Once per end-to-end run: the demo venue migrated and seeded into a database of its own, the
// template every spec's database is copied from (CREATE DATABASE ... TEMPLATE, a file copy on the
// server), instead of each spec migrating and seeding its own through a process. Dropped when the
// run ends.
import { randomBytes } from 'node:crypto';
import { runTsxJson } from './processes.js';
import { SERVER_URL, TEMPLATE_ENV, withAdmin } from './seeded-database.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const name = `tw_e2e_tpl_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}"`));
  const drop = () => withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {});
  try {
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    const seed = await runTsxJson<Record<string, unknown>>('scripts/demo-cli.ts', ['seed'], {
      DATABASE_URL: url.toString(),
    });
    // The seed's own connections are closed: nothing may be connected to a template being copied.
    await withAdmin((admin) =>
      admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]),
    );
    // Workers inherit the environment global setup leaves.
    process.env[TEMPLATE_ENV] = JSON.stringify({ name, seed });
  } catch (error) {
    await drop();
    throw error;
  }
  return drop;
}
