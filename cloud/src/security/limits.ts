// Where the cloud's rate limits count (issue 27): on a PostgreSQL server, in its `rate_limits`
// table through rate-limiter-flexible's PostgreSQL store, so N instances behind a proxy allow
// together what one allows: guest scans, check-ins and orders, the sign-in throttle, staff
// assistance alerts, payment attempts. The store has a small pool of its own: the library runs
// its statements as named prepared statements, which must not meet the cloud's own prepared
// statements (connect.ts drops those with DEALLOCATE ALL). Should PostgreSQL fail a count, each
// limiter falls back to counting in memory (its insurance limiter) rather than refusing guests or
// letting everything through. On the embedded database (one instance) the counts stay in memory.
import pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';

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
