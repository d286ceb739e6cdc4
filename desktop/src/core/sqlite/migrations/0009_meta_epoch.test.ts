import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures.js';
import { migration0001 } from './0001_replica.js';
import { migration0009 } from './0009_meta_epoch.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('0009 gives the meta row an epoch, unknown for a replica made before it, and keeps the cursor', () => {
  const t = tempDir();
  made.push(t);
  const d = new Database(`${t.dir}/r.sqlite`);
  migration0001.up(d);
  d.prepare("UPDATE meta SET cursor = 12, bootstrapped_at = '2026-11-23T10:00:00.000Z' WHERE id = 1").run();
  migration0009.up(d);

  expect(d.prepare('SELECT cursor, bootstrapped_at, epoch FROM meta').get()).toEqual({
    cursor: 12,
    bootstrapped_at: '2026-11-23T10:00:00.000Z',
    epoch: null,
  });
  d.prepare("UPDATE meta SET epoch = 'e1' WHERE id = 1").run();
  expect(d.prepare('SELECT epoch FROM meta').get()).toEqual({ epoch: 'e1' });
  d.close();
});
