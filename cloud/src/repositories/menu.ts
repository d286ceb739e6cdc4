import type { Queryable } from '../context.js';
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

export async function findMenuItems(q: Queryable, scope: MenuScope, ids: readonly string[]): Promise<MenuItemRow[]> {
  if (ids.length === 0) return [];
  return scoped(q, scope).whereIn('id', [...ids]);
}
