// P8: how long the terminal core takes from process start to answering HTTP, run from its built
// bundle (desktop/out/core/cli.cjs, `npm run build:core -w desktop`, built here unless current) with plain
// node. Beside it, in the same run: the same core started as `npm run terminal` does today (tsx on
// the TypeScript sources), and the floor, `node -e` starting an HTTP server and answering.
// Each start is a new process on a new data folder (a fresh replica), paired to a cloud on its own
// database; "serving" is the first answered GET / after spawn, polled every 5 ms. The code cache is
// removed first, as a build leaves none, so the first start of the bundle compiles it and writes
// the cache the later ones read (desktop/src/core/bundle-start.cjs): that first start is printed on
// its own line.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo } from '../cloud/src/db/seed/demo.js';
import { startCloud } from '../cloud/src/server.js';
import { createTestDatabase } from '../cloud/src/test/database.js';
import { pairDemoTerminal } from '../scripts/demo.js';
import { type Bench, percentile } from './figure.js';
import { buildCoreBundle } from './terminal-process.js';

const ROOT = new URL('..', import.meta.url).pathname;
const PORT_BASE = 18_400 + (process.pid % 500);

/** Spawns `command args`, polls `url` until it answers, kills the process; ms from spawn to answer. */
async function timeToServe(command: string, args: string[], url: string): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  try {
    for (;;) {
      if (exited) throw new Error(`${command} ${args.join(' ')} exited before serving: ${stderr}`);
      const ok = await fetch(url).then(
        (r) => r.arrayBuffer().then(() => true),
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > 20_000) throw new Error(`not serving after 20 s: ${stderr}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill('SIGKILL');
    if (!exited) await new Promise((r) => child.once('exit', r));
  }
}

export const bench: Bench = async ({ quick }) => {
  const rounds = quick ? 3 : 9;
  buildCoreBundle();
  // As a build leaves it: no code cache (another benchmark's start may have written one).
  rmSync(join(ROOT, 'desktop/out/core/core.cjs.cache'), { force: true });
  const database = await createTestDatabase();
  await seedDemo(database.db);
  const cloud = await startCloud({ db: database.db, databaseUrl: database.url, secret: 'bench-secret', port: 0 });
  const dirs: string[] = [];
  try {
    const pairDir = mkdtempSync(join(tmpdir(), 'tw-bench-core-'));
    dirs.push(pairDir);
    const { credential } = await pairDemoTerminal({ cloudUrl: cloud.url, dataDir: pairDir });
    const samples = { built: [] as number[], tsx: [] as number[], floor: [] as number[] };
    let port = PORT_BASE;
    for (let round = 0; round < rounds; round++) {
      // interleaved, so a slow moment of the machine falls on every kind alike
      for (const kind of ['floor', 'built', 'tsx'] as const) {
        port += 1;
        const url = `http://127.0.0.1:${port}/`;
        if (kind === 'floor') {
          const server = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
          samples.floor.push(await timeToServe(process.execPath, ['-e', server], url));
          continue;
        }
        const dataDir = mkdtempSync(join(tmpdir(), 'tw-bench-core-'));
        dirs.push(dataDir);
        const coreArgs = ['--cloud', cloud.url, '--credential', credential, '--data-dir', dataDir];
        coreArgs.push('--port', String(port), '--no-printing');
        const args =
          kind === 'built'
            ? ['desktop/out/core/cli.cjs', ...coreArgs]
            : ['node_modules/tsx/dist/cli.mjs', 'desktop/src/core/cli.ts', ...coreArgs];
        samples[kind].push(await timeToServe(process.execPath, args, url));
      }
    }
    const [firstBuilt = Number.NaN, ...cachedBuilt] = samples.built;
    const built = percentile(cachedBuilt.length > 0 ? cachedBuilt : [firstBuilt], 0.5);
    const tsx = percentile(samples.tsx, 0.5);
    const floor = percentile(samples.floor, 0.5);
    return [
      {
        id: 'P8',
        figure: 'terminal core start → serving, built bundle (median)',
        value: built,
        unit: 'ms',
        floor,
        floorLabel: 'node -e http server',
        goal: '≤ 300 ms',
        met: built <= 300,
      },
      {
        id: 'P8',
        figure: 'built bundle, its first start after a build (no code cache yet)',
        value: firstBuilt,
        unit: 'ms',
        floor,
        floorLabel: 'node -e http server',
        goal: '– (once)',
        met: true,
      },
      {
        id: 'P8',
        figure: 'the same core under tsx (npm run terminal)',
        value: tsx,
        unit: 'ms',
        floor,
        floorLabel: 'node -e http server',
        goal: '– (before)',
        met: true,
      },
    ];
  } finally {
    await cloud.close();
    await database.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
};
