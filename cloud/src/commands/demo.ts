// Load Demo Data (POST /api/demo/populate; spec 2 section 2.1), at a demo or QA venue only: the
// demo floor, menu and a waiting line, added through the same writes and events as staff's own,
// so every screen and every paired terminal's replica shows them. What a second press does is in
// docs/demo-data.md: nothing is added twice.
import { createHash } from 'node:crypto';
import { addToWaitlist, CreateMenuItemRequest, type DemoPopulateAnswer, forbidden, MESSAGES } from '@tablewise/shared';
import { actorRef, type Trx, type VenueActor } from '../context.js';
import { DEMO_MENU, DEMO_TABLES, DEMO_WAITLIST } from '../db/seed/demo-data.js';
import { presentTable } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import { countVenueTables, insertTablesWhereFree, lockDemoPopulate, restaurantOfVenue } from '../repositories/demo.js';
import { listMenuItems } from '../repositories/menu.js';
import { findVenue } from '../repositories/venues.js';
import { listActiveWaitlist } from '../repositories/waitlist.js';
import { addMenuItem } from './menu.js';
import { addParty } from './waitlist.js';

/** Whether sample data may be loaded at the venue: its flags say demo or QA (migration 0036). */
function isDemoOrQaVenue(flags: Record<string, unknown> | null | undefined): boolean {
  return flags?.demo === true || flags?.qa === true;
}

/** The same id for the same sample thing at the same venue, on every press. */
function sampleId(venueId: string, kind: string, key: string): string {
  const hex = createHash('sha256').update(`tablewise-demo-populate:${venueId}:${kind}:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function populateDemo(trx: Trx, actor: VenueActor, now: Date): Promise<DemoPopulateAnswer> {
  const venue = await findVenue(trx, actor.venueId);
  if (!venue || !isDemoOrQaVenue(venue.flags_json)) throw forbidden(MESSAGES.demoPopulateRefused);
  await lockDemoPopulate(trx, actor.venueId);
  const { userId, terminalId } = actorRef(actor);

  // Tables: each number the venue has not taken.
  const restaurantId = await restaurantOfVenue(trx, actor.venueId);
  const tables = await insertTablesWhereFree(
    trx,
    DEMO_TABLES.map((t) => ({
      id: sampleId(actor.venueId, 'table', t.number),
      org_id: actor.orgId,
      venue_id: actor.venueId,
      restaurant_id: restaurantId,
      number: t.number,
      name: `Table ${t.number}`,
      shape: t.shape,
      capacity: t.capacity,
      capacity_min: 1,
      capacity_max: t.capacity,
      x_position: String(t.x),
      y_position: String(t.y),
      rotation: '0',
      zone: t.zone,
      is_accessible: t.isAccessible ?? false,
      has_view: t.hasView ?? false,
      has_plugs: t.hasPlugs ?? false,
      is_quiet: t.isQuiet ?? false,
    })),
    now,
  );
  for (const row of tables) {
    const table = presentTable(row);
    await appendEvent(trx, {
      orgId: actor.orgId,
      venueId: actor.venueId,
      userId,
      terminalId,
      event: { type: 'table.state.changed', tableId: table.id, state: table.state, table },
      at: now,
    });
  }

  // Menu: each item whose name the menu does not have.
  const scope = { orgId: actor.orgId, venueId: actor.venueId };
  const names = new Set((await listMenuItems(trx, scope)).map((m) => m.name.toLowerCase()));
  let menuAdded = 0;
  for (const m of DEMO_MENU) {
    if (names.has(m.name.toLowerCase())) continue;
    const input = CreateMenuItemRequest.parse({
      id: sampleId(actor.venueId, 'menu-item', m.key),
      name: m.name,
      description: m.description,
      price: m.price,
      category: m.category,
      station: m.station,
      prepTime: m.prepTime,
      calories: m.calories,
      allergens: m.allergens,
      isVegetarian: m.isVegetarian ?? false,
      isVegan: m.isVegan ?? false,
      isGlutenFree: m.isGlutenFree ?? false,
      isSpicy: m.isSpicy ?? false,
      isPopular: m.isPopular ?? false,
      modifiersSchema: m.modifiers ?? [],
    });
    if ((await addMenuItem(trx, actor, input, now)).created) menuAdded += 1;
  }

  // The line: each sample party not in it now (a seated or removed one comes back).
  const inLine = new Set((await listActiveWaitlist(trx, actor.venueId)).map((w) => w.guest_name.toLowerCase()));
  let partiesAdded = 0;
  for (const [i, party] of DEMO_WAITLIST.entries()) {
    if (inLine.has(party.guestName.toLowerCase())) continue;
    const body = addToWaitlist.body.parse(party);
    await addParty(
      trx,
      actor,
      { ...body, id: sampleId(actor.venueId, 'waitlist', `${party.guestName}@${now.toISOString()}#${i}`) },
      now,
    );
    partiesAdded += 1;
  }

  return {
    tables: await countVenueTables(trx, actor.venueId),
    menuItems: (await listMenuItems(trx, scope)).length,
    waitlistEntries: (await listActiveWaitlist(trx, actor.venueId)).length,
    added: { tables: tables.length, menuItems: menuAdded, waitlistEntries: partiesAdded },
  };
}
