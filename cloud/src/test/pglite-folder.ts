// A PGlite data folder for a test, already holding an empty database cluster. Creating a cluster
// (PGlite's initdb, in WebAssembly) costs about fifteen seconds of a core; opening one costs about
// one. The cluster is made once per PGlite version on this machine, kept under node_modules/.cache,
// and copied for each test, as a stopped PostgreSQL cluster can be. The tests that must see a
// cluster made in an empty folder (connect.test.ts) still start from an empty one.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const require = createRequire(import.meta.url);

function pgliteVersion(): string {
  const main = require.resolve('@electric-sql/pglite');
  let dir = path.dirname(main);
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const cacheRoot = (): string => path.resolve(import.meta.dirname, '../../../node_modules/.cache/tablewise');

let made: Promise<string> | undefined;

/** The cached empty cluster, made now if this machine has none for this PGlite version. */
function emptyCluster(): Promise<string> {
  made ??= (async () => {
    const target = path.join(cacheRoot(), `pglite-cluster-${pgliteVersion()}`);
    if (existsSync(path.join(target, 'PG_VERSION'))) return target;
    mkdirSync(cacheRoot(), { recursive: true });
    // Made under a name of its own and renamed when closed, so a crash never leaves half a cluster
    // that later runs would copy; two workers making it at once both succeed and one rename wins.
    const building = mkdtempSync(`${target}.building-`);
    const pglite = new PGlite(building);
    await pglite.waitReady;
    await pglite.close();
    try {
      renameSync(building, target);
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
    return target;
  })().catch((error: unknown) => {
    made = undefined;
    throw error;
  });
  return made;
}

/** A new folder under the system's temporary folder holding a copy of an empty cluster. */
export async function pgliteFolder(prefix: string): Promise<string> {
  const source = await emptyCluster();
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(source, dir, { recursive: true });
  return dir;
}
