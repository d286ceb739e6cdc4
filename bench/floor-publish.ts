// F2, the floor (issue 25): publishing a 200-table layout over HTTP against a real cloud and
// PostgreSQL: the median of publishes that move all 200 tables, and the first publish (which creates
// them), beside the median publish of a one-table layout (another organization's venue) in the
// same run, measured first.
import type { FloorLayout } from '@tablewise/shared';
import { type Client, loginAs, startHarness } from '../cloud/src/testkit/harness.js';
import { benchLayout } from '../desktop/bench/floor-drag/layout.js';
import { type Bench, type Figure, percentile } from './figure.js';

const PUBLISH_GOAL_MS = 300;

async function publish(client: Client, layout: FloorLayout): Promise<{ ms: number; published: FloorLayout }> {
  const head = (await client.get('/api/floor-layout')).body.current?.version ?? null;
  const saved = await client.request('PUT', '/api/floor-layout', { body: { baseVersion: head, layout } });
  if (saved.status !== 201) throw new Error(`F2: save answered ${saved.status}: ${JSON.stringify(saved.body)}`);
  const started = performance.now();
  const reply = await client.post('/api/floor-layout/publish', { baseVersion: saved.body.version });
  const ms = performance.now() - started;
  if (reply.status !== 200) throw new Error(`F2: publish answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return { ms, published: reply.body.version.layout };
}

/** The published layout with every table moved by `by` (their links kept): a publish moves all. */
const moved = (layout: FloorLayout, by: number): FloorLayout => ({
  ...layout,
  components: layout.components.map((c) => ({ ...c, x: c.x + by })),
});

async function publishFigures(quick: boolean): Promise<Figure[]> {
  const rounds = quick ? 5 : 15;
  const h = await startHarness();
  try {
    const big = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const small = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    // The floor first: the one-table venue's publishes also run the call's code once before the
    // 200-table venue's first publish, as a cloud that has served other venues has (the first call
    // of a fresh process would time the JIT compiling it, not the publish).
    let one = (await publish(small, benchLayout(1, 0))).published;
    const floor: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const got = await publish(small, moved(one, i % 2 === 0 ? 5 : -5));
      floor.push(got.ms);
      one = got.published;
    }
    const first = await publish(big, benchLayout(200, 10));
    let layout = first.published;
    const many: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const got = await publish(big, moved(layout, i % 2 === 0 ? 5 : -5));
      many.push(got.ms);
      layout = got.published;
    }
    const tables = (await big.get('/api/tables')).body as unknown[];
    if (tables.length !== 200) throw new Error(`F2: the venue has ${tables.length} tables, not 200`);
    const median = percentile(many, 0.5);
    const floorMedian = percentile(floor, 0.5);
    return [
      {
        id: 'F2',
        figure: 'POST /api/floor-layout/publish, 200 tables moved (median)',
        value: median,
        unit: 'ms',
        floor: floorMedian,
        floorLabel: 'same call, 1 table',
        goal: `≤ ${PUBLISH_GOAL_MS} ms`,
        met: median <= PUBLISH_GOAL_MS,
      },
      {
        id: 'F2',
        figure: 'POST /api/floor-layout/publish, first, creating 200 tables',
        value: first.ms,
        unit: 'ms',
        floor: floorMedian,
        floorLabel: 'same call, 1 table',
        goal: `≤ ${PUBLISH_GOAL_MS} ms`,
        met: first.ms <= PUBLISH_GOAL_MS,
      },
    ];
  } finally {
    await h.close();
  }
}

export const bench: Bench = async ({ quick }) => publishFigures(quick);
