// Changing the menu (issue 10): availability from the orders screen, items and their modifier
// groups and photos from menu management. Every change is a menu.item.updated event in the same
// transaction, so every menu on screen (guests' included) shows it at once.
import { randomUUID } from 'node:crypto';
import {
  type CreateMenuItemRequest,
  decideMenuItemAvailability,
  type MenuImageRequest,
  type MenuItem,
  SERVICE_MESSAGES,
  type UpdateMenuItemRequest,
} from '@tablewise/shared';
import type { z } from 'zod';
import { actorRef, type Trx, type VenueActor } from '../context.js';
import { AppError, conflict, notFound } from '../errors.js';
import { presentMenuItem } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import { findMenuItem, insertMenuItem, lockMenuItem, updateMenuItemRow } from '../repositories/menu.js';
import type { MenuItemRow } from '../repositories/rows.js';
import { findStoredObject } from '../repositories/stored-objects.js';
import { applyDecided, authorOf } from './decided.js';

type NewItem = z.output<typeof CreateMenuItemRequest>;
type ItemChanges = z.output<typeof UpdateMenuItemRequest>;

async function announce(trx: Trx, actor: VenueActor, item: MenuItem, at: Date): Promise<void> {
  const { userId, terminalId } = actorRef(actor);
  await appendEvent(trx, {
    orgId: actor.orgId,
    venueId: actor.venueId,
    userId,
    terminalId,
    event: { type: 'menu.item.updated', item },
    at,
  });
}

async function lockOwn(trx: Trx, actor: VenueActor, id: string): Promise<MenuItemRow> {
  const row = await lockMenuItem(trx, { orgId: actor.orgId, venueId: actor.venueId }, id);
  if (!row) throw notFound('Menu item');
  return row;
}

async function change(
  trx: Trx,
  actor: VenueActor,
  row: MenuItemRow,
  changes: Partial<MenuItemRow>,
  now: Date,
): Promise<MenuItem> {
  const before = presentMenuItem(row);
  const item = presentMenuItem(await updateMenuItemRow(trx, row.id, changes, now));
  // Setting what is already set changes nothing anyone sees: no event (a repeat stays quiet).
  if (JSON.stringify(before) !== JSON.stringify(item)) await announce(trx, actor, item, now);
  return item;
}

/** Takes an item off the menu or puts it back, as decideMenuItemAvailability decides it on the
 * locked item. */
export async function setAvailability(
  trx: Trx,
  actor: VenueActor,
  id: string,
  isAvailable: boolean,
  now: Date,
): Promise<MenuItem> {
  const row = await lockMenuItem(trx, { orgId: actor.orgId, venueId: actor.venueId }, id);
  const decided = decideMenuItemAvailability(row ? presentMenuItem(row) : null, isAvailable);
  return applyDecided(trx, authorOf(actor), decided, now);
}

/** Gives an item the photo an upload of its organization stored, or takes its photo away. */
export async function setImage(
  trx: Trx,
  actor: VenueActor,
  id: string,
  { imageUrl }: z.output<typeof MenuImageRequest>,
  now: Date,
): Promise<MenuItem> {
  const row = await lockOwn(trx, actor, id);
  if (imageUrl !== null) {
    const objectId = imageUrl.slice(imageUrl.lastIndexOf('/') + 1);
    const stored = await findStoredObject(trx, objectId);
    // Another organization's upload looks like one that was never made.
    if (!stored || stored.org_id !== actor.orgId) {
      throw new AppError(400, 'image_not_uploaded', SERVICE_MESSAGES.imageNotUploaded);
    }
  }
  return change(trx, actor, row, { image_url: imageUrl }, now);
}

function columnsOf(fields: ItemChanges): Partial<MenuItemRow> {
  const out: Partial<MenuItemRow> = {};
  if (fields.name !== undefined) out.name = fields.name;
  if (fields.description !== undefined) out.description = fields.description || null;
  if (fields.price !== undefined) out.price = fields.price;
  if (fields.category !== undefined) out.category = fields.category;
  if (fields.station !== undefined) out.station = fields.station || null;
  if (fields.prepTime !== undefined) out.prep_time = fields.prepTime;
  if (fields.calories !== undefined) out.calories = fields.calories;
  if (fields.allergens !== undefined) out.allergens = fields.allergens;
  if (fields.isVegetarian !== undefined) out.is_vegetarian = fields.isVegetarian;
  if (fields.isVegan !== undefined) out.is_vegan = fields.isVegan;
  if (fields.isGlutenFree !== undefined) out.is_gluten_free = fields.isGlutenFree;
  if (fields.isSpicy !== undefined) out.is_spicy = fields.isSpicy;
  if (fields.isPopular !== undefined) out.is_popular = fields.isPopular;
  if (fields.isAvailable !== undefined) out.is_available = fields.isAvailable;
  // jsonb: knex would send an array as a PostgreSQL array, so it goes as JSON text.
  if (fields.modifiersSchema !== undefined) out.modifiers_schema = JSON.stringify(fields.modifiersSchema);
  return out;
}

/** Edits an item; orders already placed keep the names and prices they were placed with. */
export async function editMenuItem(
  trx: Trx,
  actor: VenueActor,
  id: string,
  fields: ItemChanges,
  now: Date,
): Promise<MenuItem> {
  return change(trx, actor, await lockOwn(trx, actor, id), columnsOf(fields), now);
}

/** Adds an item to the venue's menu; the same client-made id again answers the item it added. */
export async function addMenuItem(
  trx: Trx,
  actor: VenueActor,
  input: NewItem,
  now: Date,
): Promise<{ item: MenuItem; created: boolean }> {
  const id = input.id ?? randomUUID();
  const { modifiersSchema, ...rest } = input;
  const inserted = await insertMenuItem(
    trx,
    {
      id,
      org_id: actor.orgId,
      venue_id: actor.venueId,
      image_url: null,
      ...(columnsOf(rest) as Omit<MenuItemRow, 'id' | 'org_id' | 'venue_id' | 'image_url' | 'sort_order'>),
      modifiers_schema: modifiersSchema,
    },
    now,
  );
  const row = await findMenuItem(trx, id);
  // An id another organization or venue took is not this one's to answer.
  if (!row || row.org_id !== actor.orgId || (row.venue_id !== null && row.venue_id !== actor.venueId)) {
    throw conflict(`Menu item ${id} already exists`);
  }
  const item = presentMenuItem(row);
  if (inserted) await announce(trx, actor, item, now);
  return { item, created: inserted };
}
