import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../test/fixtures.js';
import { openReplica } from './replica.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it('opens the replica with synchronous=FULL on the writer, so print jobs and the outbox survive a power cut', () => {
  const t = tempDir();
  made.push(t);
  const replica = openReplica(`${t.dir}/replica.sqlite`);
  try {
    // 2 is FULL (0 OFF, 1 NORMAL, 3 EXTRA).
    expect(replica.write.sql.pragma('synchronous', { simple: true })).toBe(2);
    expect(replica.write.sql.pragma('journal_mode', { simple: true })).toBe('wal');
  } finally {
    replica.close();
  }
});
