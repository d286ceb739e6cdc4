// The organization's floor templates (issue 25, Save as Template): part of a floor kept by name,
// which any venue of the organization places from its designer. A name is the organization's one
// template of that name: saving it again replaces it.
// One statement per call: the embedded database (PGlite) prepares each.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE floor_templates (
      id uuid PRIMARY KEY,
      org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL CONSTRAINT floor_templates_name_check CHECK (length(name) BETWEEN 1 AND 60),
      layout_json jsonb NOT NULL,
      saved_by uuid REFERENCES users(id) ON DELETE SET NULL,
      saved_by_name text NOT NULL,
      saved_at timestamptz NOT NULL
    )`);
  await knex.raw('CREATE UNIQUE INDEX floor_templates_org_name_idx ON floor_templates (org_id, lower(name))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS floor_templates');
}
