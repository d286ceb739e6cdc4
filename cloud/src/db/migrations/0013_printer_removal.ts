// Printers can be removed from a venue (issue 10). A removed printer keeps its row, marked with the
// time it was removed: the print jobs terminals made on it, and still report through their
// outboxes, keep their printer, while lists, snapshots and settings no longer show it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('printers', (t) => {
    t.timestamp('removed_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('printers').whereNotNull('removed_at').delete();
  await knex.schema.alterTable('printers', (t) => {
    t.dropColumn('removed_at');
  });
}
