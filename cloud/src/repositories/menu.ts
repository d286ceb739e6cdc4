import type { Queryable, Trx } from '../context.js';
import type { MenuItemRow } from './rows.js';

export interface MenuScope {
  orgId: string;
  venueId: string;
}

/** A venue's menu: its own items and the organization's items that belong to no venue. */
function scoped(q: Queryable, scope: MenuScope) {
  return q<MenuItemRow>('menu_items').where((w) =>
    w.where({ venue_id: scope.venueId }).orWhere((o) => o.whereNull('venue_id').andWhere({ org_id: scope.orgId })),
  );
}

export async function listMenuItems(q: Queryable, scope: MenuScope): Promise<MenuItemRow[]> {
  return scoped(q, scope).orderBy([{ column: 'sort_order' }, { column: 'name' }]);
}

/** One item of the venue's menu, locked for the change about to be made to it. */
export async function lockMenuItem(trx: Trx, scope: MenuScope, id: string): Promise<MenuItemRow | undefined> {
  return scoped(trx, scope).andWhere({ id }).forUpdate().first();
}

export async function updateMenuItemRow(
  trx: Trx,
  id: string,
  changes: Partial<Omit<MenuItemRow, 'id' | 'org_id'>>,
  at: Date,
): Promise<MenuItemRow> {
  const [row] = await trx<MenuItemRow>('menu_items')
    .where({ id })
    .update({ ...changes, updated_at: at } as Partial<MenuItemRow>)
    .returning('*');
  if (!row) throw new Error(`Menu item ${id} vanished while locked`);
  return row;
}

/** Inserts an item unless its id exists; answers whether it inserted. */
export async function insertMenuItem(trx: Trx, row: Omit<MenuItemRow, 'sort_order'>, at: Date): Promise<boolean> {
  const inserted = await trx('menu_items')
    .insert({
      ...row,
      modifiers_schema: JSON.stringify(row.modifiers_schema),
      // At the end of the menu: categories keep their place, the new item comes last in its own.
      sort_order: trx.raw(
        '(SELECT COALESCE(MAX(sort_order), 0) + 1 FROM menu_items WHERE org_id = ? AND (venue_id = ? OR venue_id IS NULL))',
        [row.org_id, row.venue_id],
      ),
      created_at: at,
      updated_at: at,
    })
    .onConflict('id')
    .ignore()
    .returning('id');
  return inserted.length === 1;
}

export async function findMenuItem(q: Queryable, id: string): Promise<MenuItemRow | undefined> {
  return q<MenuItemRow>('menu_items').where({ id }).first();
}
