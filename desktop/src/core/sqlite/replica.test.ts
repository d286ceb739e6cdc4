import { chmodSync, statSync, writeFileSync } from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../test/fixtures.js';
import { makeDurable, openReplica, transact, transactDerived } from './replica.js';

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

it('makes the replica and its WAL readable by its own user only, and tightens one made before (issue 27)', () => {
  const t = tempDir();
  made.push(t);
  const modeOf = (path: string) => statSync(path).mode & 0o777;
  const replica = openReplica(`${t.dir}/replica.sqlite`);
  try {
    replica.write.sql.exec('CREATE TABLE mode_test (n INTEGER NOT NULL)');
    replica.write.sql.prepare('INSERT INTO mode_test (n) VALUES (1)').run();
    expect(modeOf(`${t.dir}/replica.sqlite`)).toBe(0o600);
    expect(modeOf(`${t.dir}/replica.sqlite-wal`)).toBe(0o600);
  } finally {
    replica.close();
  }
  writeFileSync(`${t.dir}/old.sqlite`, '');
  chmodSync(`${t.dir}/old.sqlite`, 0o644);
  openReplica(`${t.dir}/old.sqlite`).close();
  expect(modeOf(`${t.dir}/old.sqlite`)).toBe(0o600);
});

it('commits a derived transaction without waiting for the disk, and only that one: FULL again after it, thrown or not', () => {
  const t = tempDir();
  made.push(t);
  const replica = openReplica(`${t.dir}/replica.sqlite`);
  const synchronous = () => replica.write.sql.pragma('synchronous', { simple: true });
  try {
    replica.write.sql.exec('CREATE TABLE derived_test (n INTEGER NOT NULL)');
    const seen = transactDerived(replica.write, () => {
      replica.write.sql.prepare('INSERT INTO derived_test (n) VALUES (1)').run();
      return synchronous();
    });
    expect(seen).toBe(1);
    expect(synchronous()).toBe(2);
    expect(() =>
      transactDerived(replica.write, () => {
        replica.write.sql.prepare('INSERT INTO derived_test (n) VALUES (2)').run();
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(synchronous()).toBe(2);
    // Inside a FULL transaction it is a part of that transaction, committed as FULL.
    const inner = transact(replica.write, () => transactDerived(replica.write, () => synchronous()));
    expect(inner).toBe(2);
    expect(replica.read.sql.prepare('SELECT n FROM derived_test').pluck().all()).toEqual([1]);
  } finally {
    replica.close();
  }
});

it('makes derived commits durable with one FULL commit before they are pushed, and commits nothing when none waits', () => {
  const t = tempDir();
  made.push(t);
  const replica = openReplica(`${t.dir}/replica.sqlite`);
  // data_version changes, for a connection, when another connection commits.
  const commitsSeen = () => replica.read.sql.pragma('data_version', { simple: true });
  try {
    replica.write.sql.exec('CREATE TABLE derived_test (n INTEGER NOT NULL)');
    const start = commitsSeen();
    makeDurable(replica.write);
    expect(commitsSeen()).toBe(start);

    transactDerived(replica.write, () => replica.write.sql.prepare('INSERT INTO derived_test (n) VALUES (1)').run());
    const afterDerived = commitsSeen();
    expect(afterDerived).not.toBe(start);
    const walBefore = statSync(`${t.dir}/replica.sqlite-wal`).size;
    makeDurable(replica.write);
    // One commit of its own, written to the WAL while the connection is FULL again.
    expect(commitsSeen()).not.toBe(afterDerived);
    expect(statSync(`${t.dir}/replica.sqlite-wal`).size).toBeGreaterThan(walBefore);
    expect(replica.write.sql.pragma('synchronous', { simple: true })).toBe(2);

    const settled = commitsSeen();
    makeDurable(replica.write);
    expect(commitsSeen()).toBe(settled);
  } finally {
    replica.close();
  }
});
