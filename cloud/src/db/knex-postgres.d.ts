// knex's PostgreSQL client class, which connect.ts extends to run marked statements prepared.
// knex ships no types for its dialect modules.
declare module 'knex/lib/dialects/postgres/index.js' {
  import type { Knex } from 'knex';

  class ClientPg extends Knex.Client {
    _query(connection: unknown, obj: unknown): unknown;
  }
  export default ClientPg;
}
