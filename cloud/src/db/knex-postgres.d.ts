// knex's PostgreSQL client class, which connect.ts extends to run marked statements prepared, and
// node-postgres's own conversion of a value to the text it sends. Neither package types them.
declare module 'knex/lib/dialects/postgres/index.js' {
  import type { Knex } from 'knex';

  class ClientPg extends Knex.Client {
    _query(connection: unknown, obj: unknown): unknown;
  }
  export default ClientPg;
}

declare module 'pg/lib/utils.js' {
  const utils: {
    /** A value as node-postgres sends it: text (dates, arrays, JSON made text), a Buffer, or null. */
    prepareValue(value: unknown): string | Buffer | null;
  };
  export default utils;
}
