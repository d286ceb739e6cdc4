import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { MenuItem } from '../../schemas/entities.js';
import { defineCall } from '../define.js';
import { MENU_ITEM_FIELDS } from './create-menu-item.js';

/** Only the fields sent change. */
export const UpdateMenuItemRequest = z
  .strictObject(MENU_ITEM_FIELDS)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { error: 'names nothing to change' });
export type UpdateMenuItemRequest = z.input<typeof UpdateMenuItemRequest>;

/** Edits a menu item and its modifier groups; an order already placed keeps what it was priced at. */
export const updateMenuItem = defineCall({
  method: 'PATCH',
  path: '/api/menu/:id',
  summary: 'Edit a menu item and its modifier groups',
  audience: ['staff'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Menu item',
  body: UpdateMenuItemRequest,
  answer: MenuItem,
  permission: 'MANAGE_MENU',
});
