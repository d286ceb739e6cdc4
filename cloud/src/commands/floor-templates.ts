// Save as Template (issue 25): the organization keeps part of a floor by name; every venue's
// designer lists them. The template is checked by its schema when it comes and when it is read.
import { randomUUID } from 'node:crypto';
import { type FloorTemplate, TemplateLayout } from '@tablewise/shared';
import type { Queryable, StaffActor, Trx } from '../context.js';
import { type FloorTemplateRow, listFloorTemplateRows, upsertFloorTemplate } from '../repositories/floor-templates.js';
import { nameOf } from './floor-layouts.js';

function templateOf(row: FloorTemplateRow): FloorTemplate {
  return {
    id: row.id,
    name: row.name,
    savedBy: row.saved_by_name,
    savedAt: row.saved_at.toISOString(),
    layout: TemplateLayout.parse(row.layout_json),
  };
}

export async function floorTemplates(q: Queryable, scope: { orgId: string }): Promise<{ templates: FloorTemplate[] }> {
  return { templates: (await listFloorTemplateRows(q, scope.orgId)).map(templateOf) };
}

export async function saveTemplate(
  trx: Trx,
  staff: StaffActor,
  input: { name: string; layout: TemplateLayout },
  now: Date,
): Promise<FloorTemplate> {
  const row = await upsertFloorTemplate(trx, {
    id: randomUUID(),
    org_id: staff.orgId,
    name: input.name,
    // Where it stood at the venue it came from is not carried: placing it makes new tables.
    layout_json: { ...input.layout, components: input.layout.components.map((c) => ({ ...c, tableId: null })) },
    saved_by: staff.user.id,
    saved_by_name: nameOf(staff),
    saved_at: now,
  });
  return templateOf(row);
}
