import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { MenuItem } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

const MenuItemAvailabilityRequest = z.strictObject({ isAvailable: z.boolean() });

/**
 * Takes an item off the menu, or puts it back (the Menu tab's toggle). Every screen learns it from
 * `menu.item.updated` at once, guests' menus included, and an order for an unavailable item is
 * refused. Any staff member may do it: the kitchen runs out of things. On a terminal it applies
 * to the replica and reaches the cloud through the outbox.
 */
export const setMenuItemAvailability = defineCall({
  method: 'PATCH',
  path: '/api/menu/:id/availability',
  summary: 'Make a menu item available or unavailable',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Menu item',
  body: MenuItemAvailabilityRequest,
  answer: MenuItem,
});
