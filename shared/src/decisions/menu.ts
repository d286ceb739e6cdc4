// A dish taken off the menu or put back (PATCH /api/menu/:id/availability), decided once: the
// orders screen's toggle on the cloud and on a terminal with the cloud away.
import { notFound } from '../errors.js';
import type { MenuItem } from '../schemas/entities.js';
import { Changes, type Decided } from './decision.js';

/** Setting what is already set changes nothing anyone sees: no write, no event. */
export function decideMenuItemAvailability(item: MenuItem | null, isAvailable: boolean): Decided<MenuItem> {
  if (!item) throw notFound('Menu item');
  if (item.isAvailable === isAvailable) return new Changes().answer(item);
  const after: MenuItem = { ...item, isAvailable };
  return new Changes()
    .write({ kind: 'menuItem.availability', item: after })
    .announce({ type: 'menu.item.updated', item: after })
    .answer(after);
}
