// What the setup checklist counts for one venue (issue 24).
import type { SetupFacts } from '@tablewise/shared';
import type { Queryable } from '../context.js';

export async function setupFactsOf(q: Queryable, venue: { orgId: string; venueId: string }): Promise<SetupFacts> {
  const row = await q
    .raw<{
      rows: {
        settings_saved: boolean;
        qr_printed: boolean;
        tables: number;
        menu_items: number;
        printers: number;
        terminals: number;
        other_staff: number;
        kitchen_orders: number;
      }[];
    }>(
      `select
         v.settings_saved_at is not null as settings_saved,
         v.qr_sheet_printed_at is not null as qr_printed,
         (select count(*)::int from tables t where t.venue_id = v.id) as tables,
         (select count(*)::int from menu_items m where m.org_id = v.org_id and (m.venue_id = v.id or m.venue_id is null)) as menu_items,
         (select count(*)::int from printers p where p.venue_id = v.id and p.removed_at is null) as printers,
         (select count(*)::int from terminals te where te.venue_id = v.id and te.revoked_at is null) as terminals,
         (select count(distinct r.user_id)::int from user_roles r
            join organizations o on o.id = r.organization_id
           where r.organization_id = v.org_id and (r.venue_id = v.id or r.venue_id is null)
             and r.user_id is distinct from o.owner_user_id) as other_staff,
         (select count(*)::int from order_items i
           where i.venue_id = v.id and i.status in ('SENT_TO_KITCHEN', 'IN_PREP', 'READY_FOR_RUN', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CLOSED')) as kitchen_orders
       from venues v where v.id = ? and v.org_id = ?`,
      [venue.venueId, venue.orgId],
    )
    .then((r) => r.rows[0]);
  return {
    venueSettingsSaved: Boolean(row?.settings_saved),
    tables: row?.tables ?? 0,
    menuItems: row?.menu_items ?? 0,
    printers: row?.printers ?? 0,
    terminals: row?.terminals ?? 0,
    otherStaff: row?.other_staff ?? 0,
    qrSheetPrinted: Boolean(row?.qr_printed),
    ordersReachedKitchen: row?.kitchen_orders ?? 0,
  };
}

export async function markQrSheetPrinted(q: Queryable, venueId: string, at: Date): Promise<void> {
  await q('venues').where({ id: venueId }).update({ qr_sheet_printed_at: at });
}
