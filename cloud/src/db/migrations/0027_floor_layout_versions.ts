// The venue's floor layout in versions (issue 25): every save is a new row saying who saved it and
// when; Publish marks the version the venue's tables were made from. The layout itself is the
// designer's JSON, checked by shared's FloorLayout schema before it is stored. A venue's live
// layout in 0002's floor_layouts (one per venue, overwritten) becomes its version 1.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('floor_layout_versions', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.jsonb('layout_json').notNullable();
    t.uuid('saved_by').references('users.id').onDelete('SET NULL');
    // The name as it was when saved: a 409 names who saved, even after they left.
    t.text('saved_by_name').notNullable();
    t.timestamp('saved_at', { useTz: true }).notNullable();
    t.text('note');
    t.timestamp('published_at', { useTz: true });
    t.unique(['venue_id', 'version']);
    t.index(['org_id']);
  });
  await knex.raw(`
    INSERT INTO floor_layout_versions (id, org_id, venue_id, version, layout_json, saved_by, saved_by_name, saved_at, note)
    SELECT l.id, l.org_id, l.venue_id, 1,
           jsonb_build_object('components', l.components, 'zones', l.zones, 'numbering', l.numbering_json),
           l.updated_by, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, 'Tablewise'),
           l.updated_at, 'The layout saved before versions'
      FROM floor_layouts l LEFT JOIN users u ON u.id = l.updated_by
     WHERE NOT l.is_template`);
  await knex.raw(
    'ALTER TABLE floor_layout_versions ADD CONSTRAINT floor_layout_versions_version_check CHECK (version > 0)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('floor_layout_versions');
}
