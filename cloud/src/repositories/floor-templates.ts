// The organization's floor templates (migration 0080).
import type { Queryable, Trx } from '../context.js';

export interface FloorTemplateRow {
  id: string;
  org_id: string;
  name: string;
  layout_json: unknown;
  saved_by: string | null;
  saved_by_name: string;
  saved_at: Date;
}

export async function listFloorTemplateRows(q: Queryable, orgId: string): Promise<FloorTemplateRow[]> {
  return q<FloorTemplateRow>('floor_templates').where({ org_id: orgId }).orderByRaw('lower(name)').limit(200);
}

/** Keeps the template under its name, replacing the organization's template of that name. */
export async function upsertFloorTemplate(trx: Trx, row: FloorTemplateRow): Promise<FloorTemplateRow> {
  const { rows } = await trx.raw<{ rows: FloorTemplateRow[] }>(
    `INSERT INTO floor_templates (id, org_id, name, layout_json, saved_by, saved_by_name, saved_at)
     VALUES (?, ?, ?, ?::jsonb, ?, ?, ?)
     ON CONFLICT (org_id, lower(name)) DO UPDATE SET name = excluded.name, layout_json = excluded.layout_json,
       saved_by = excluded.saved_by, saved_by_name = excluded.saved_by_name, saved_at = excluded.saved_at
     RETURNING *`,
    [row.id, row.org_id, row.name, JSON.stringify(row.layout_json), row.saved_by, row.saved_by_name, row.saved_at],
  );
  return rows[0] as FloorTemplateRow;
}
