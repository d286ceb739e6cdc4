// A station's printer may name a backup (issue 7): a kitchen ticket that has waited too long on it
// while it is faulty prints there instead, marked BACKUP. The backup is another printer of the same
// venue (the foreign key carries the venue); deleting it leaves the station without one.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('printers', (t) => {
    t.uuid('backup_printer_id').nullable();
  });
  await knex.raw('ALTER TABLE printers ADD CONSTRAINT printers_venue_id_id_unique UNIQUE (venue_id, id)');
  await knex.raw(
    `ALTER TABLE printers ADD CONSTRAINT printers_backup_printer_fk FOREIGN KEY (venue_id, backup_printer_id)
       REFERENCES printers (venue_id, id) ON DELETE SET NULL (backup_printer_id)`,
  );
  await knex.raw(
    'ALTER TABLE printers ADD CONSTRAINT printers_backup_not_itself CHECK (backup_printer_id IS NULL OR backup_printer_id <> id)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE printers DROP CONSTRAINT printers_backup_printer_fk');
  await knex.raw('ALTER TABLE printers DROP CONSTRAINT printers_venue_id_id_unique');
  await knex.schema.alterTable('printers', (t) => {
    t.dropColumn('backup_printer_id');
  });
}
