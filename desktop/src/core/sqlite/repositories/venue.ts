// The venue this terminal serves, and emptying the replicated venue data before a snapshot.
// Rows map to the shared schemas' shapes; nothing here decides anything.
import { AppError, MESSAGES, type Venue } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';

interface VenueRow {
  id: string;
  organization_id: string;
  name: string;
  address: string | null;
  timezone: string;
  service_charge_bps: number;
  tax_rate_bps: number;
  currency: string;
}

/** The organization and venue this terminal serves, as a body's orgId and venueId must name them. */
export function ownTenant(db: AnyDb): { orgId: string; venueId: string } {
  const venue = getVenue(db);
  if (!venue) throw new AppError(503, 'not_synced', MESSAGES.terminalNotSynced);
  return { orgId: venue.organizationId, venueId: venue.id };
}

export function getVenue(db: AnyDb): Venue | null {
  const row = db.sql.prepare('SELECT * FROM venue LIMIT 1').get() as VenueRow | undefined;
  return row
    ? {
        id: row.id,
        organizationId: row.organization_id,
        name: row.name,
        address: row.address,
        timezone: row.timezone,
        serviceChargeBps: row.service_charge_bps,
        taxRateBps: row.tax_rate_bps,
        currency: row.currency,
      }
    : null;
}
export function putVenue(db: WriteDb, venue: Venue): void {
  db.sql.prepare('DELETE FROM venue WHERE id <> ?').run(venue.id);
  db.sql
    .prepare(
      `INSERT INTO venue (id, organization_id, name, address, timezone, service_charge_bps, tax_rate_bps, currency)
       VALUES (@id, @organizationId, @name, @address, @timezone, @serviceChargeBps, @taxRateBps, @currency)
       ON CONFLICT(id) DO UPDATE SET organization_id = excluded.organization_id, name = excluded.name,
         address = excluded.address, timezone = excluded.timezone, service_charge_bps = excluded.service_charge_bps,
         tax_rate_bps = excluded.tax_rate_bps, currency = excluded.currency`,
    )
    .run(venue);
}

/** Empties the replicated venue data before a snapshot is loaded. Local tables are kept. */
export function clearVenueData(db: WriteDb): void {
  db.sql.exec(
    'DELETE FROM order_items; DELETE FROM orders; DELETE FROM sessions; DELETE FROM tables; DELETE FROM menu_items; DELETE FROM printers; DELETE FROM waitlist; DELETE FROM floor_layout; DELETE FROM venue;',
  );
}
