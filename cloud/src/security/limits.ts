// Where the cloud's rate limits count (issue 27): on a PostgreSQL server, in its `rate_limits`
// table through rate-limiter-flexible's PostgreSQL store, so N instances behind a proxy allow
// together what one allows: guest scans, check-ins and orders, the sign-in throttle, staff
// assistance alerts, payment attempts. The store has a small pool of its own: the library runs
// its statements as named prepared statements, which must not meet the cloud's own prepared
// statements (connect.ts drops those with DEALLOCATE ALL). Should PostgreSQL fail a count, each
// limiter falls back to counting in memory (its insurance limiter) rather than refusing guests or
// letting everything through. On the embedded database (one instance) the counts stay in memory.
// A caller that sends a statement anyway may count two limits in it (countTwo, issue 28): the
// guest's order counts its address's and its session's in the round trip that begins the order.
import pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { type HandCall, handStatement } from '../db/connect.js';

interface LimitSpec {
  /** The limit's name: keys of one limit never meet another's. */
  keyPrefix: string;
  points: number;
  /** The window, in seconds. */
  duration: number;
}

export interface LimitStore {
  /** Where this store counts, for the operator: 'postgres' or 'memory'. */
  readonly kind: 'postgres' | 'memory';
  limiter(spec: LimitSpec): RateLimiterAbstract;
  close(): Promise<void>;
}

/** The table made by migration 0033. */
const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * A point of two limits, as the PostgreSQL store's consume counts it (its upsert: a window that
 * ended starts again at this point), the second counted only when the first allowed this one, as
 * consuming the first and then the second would: the rows' points and window ends after it.
 */
export function countTwoCtes(
  [first, second]: [string, string],
  [key1, key2, expire1, now, max1, expire2]: readonly string[],
): string {
  return `${first} as (
     insert into ${RATE_LIMIT_TABLE} as r (key, points, expire) values (${key1}::text, 1, ${expire1}::bigint)
     on conflict (key) do update set
       points = case when r.expire <= ${now}::bigint then 1 else r.points + 1 end,
       expire = case when r.expire <= ${now}::bigint then ${expire1}::bigint else r.expire end
     returning points, expire
   ),
   ${second} as (
     insert into ${RATE_LIMIT_TABLE} as r (key, points, expire)
     select ${key2}::text, 1, ${expire2}::bigint from ${first} where ${first}.points <= ${max1}::int
     on conflict (key) do update set
       points = case when r.expire <= ${now}::bigint then 1 else r.points + 1 end,
       expire = case when r.expire <= ${now}::bigint then ${expire2}::bigint else r.expire end
     returning points, expire
   )`;
}

const COUNT_TWO = handStatement(
  `with ${countTwoCtes(['a', 'b'], ['$1', '$2', '$3', '$4', '$5', '$6'])}
   select a.points, a.expire, b.points as then_points, b.expire as then_expire from a left join b on true`,
);

/** What COUNT_TWO answers: the first limit's row, and the second's when it was counted. */
export interface TwoCounted {
  points: number;
  expire: number | null;
  then_points: number | null;
  then_expire: number | null;
}

/** A point of two limits, each against its key, in a statement the caller sends (see COUNT_TWO). */
export interface TwoLimits {
  call: HandCall;
  /** The second limit's points in its window (the first's is among the call's values). */
  secondPoints: number;
  /** Ms to wait when either limit refused this point (as RateLimiterRes.msBeforeNext), else null. */
  wait(row: TwoCounted | undefined): number | null;
}

/**
 * `first` then `second` counted in one statement on the cloud's database, which a PostgreSQL
 * store keeps its counts in: the same rows, under the same keys, as their limiters' consume.
 */
export function countTwo(first: { spec: LimitSpec; key: string }, second: { spec: LimitSpec; key: string }): TwoLimits {
  const now = Date.now();
  const keyOf = (spec: LimitSpec, key: string) => (spec.keyPrefix.length > 0 ? `${spec.keyPrefix}:${key}` : key);
  const waitOf = (expire: number | null) => (expire ? Math.max(expire - Date.now(), 0) : -1);
  return {
    secondPoints: second.spec.points,
    call: {
      statement: COUNT_TWO,
      values: [
        keyOf(first.spec, first.key),
        keyOf(second.spec, second.key),
        now + first.spec.duration * 1000,
        now,
        first.spec.points,
        now + second.spec.duration * 1000,
      ],
    },
    wait(row) {
      if (!row) throw new Error('Counting two limits answered no row');
      if (row.points > first.spec.points) return waitOf(row.expire);
      if (row.then_points === null) throw new Error('The second limit was not counted');
      if (row.then_points > second.spec.points) return waitOf(row.then_expire);
      return null;
    },
  };
}

export function memoryLimits(): LimitStore {
  return { kind: 'memory', limiter: (spec) => new RateLimiterMemory(spec), close: async () => {} };
}

export function postgresLimits(databaseUrl: string): LimitStore {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, idleTimeoutMillis: 30_000 });
  // An idle connection the server dropped must not take the process down.
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    limiter: (spec) =>
      new RateLimiterPostgres({
        ...spec,
        storeClient: pool,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        clearExpiredByTimeout: true,
        insuranceLimiter: new RateLimiterMemory(spec),
      }),
    close: () => pool.end(),
  };
}

/** Counts `points` against `key`; answers how long to wait when over the limit, else null. */
export async function consumeOrWait(limiter: RateLimiterAbstract, key: string, points = 1): Promise<number | null> {
  try {
    await limiter.consume(key, points);
    return null;
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    return Math.max(1, error.msBeforeNext);
  }
}
