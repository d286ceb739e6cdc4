import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { MenuItem } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** A menu photo's address as the cloud stores it: `/api/objects/<id>`; null takes it away. */
export const MenuImageRequest = z.strictObject({
  imageUrl: z
    .string()
    .regex(/^\/api\/objects\/[0-9a-f-]{36}$/, { error: 'must be the objectUrl of an upload' })
    .nullable(),
});

/** Spec 3 section 7: saves a menu photo after its upload. Cloud only: the files live there. */
export const setMenuItemImage = defineCall({
  method: 'PUT',
  path: '/api/menu/:id/image',
  summary: "Set (or clear) a menu item's photo",
  audience: ['staff'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Menu item',
  body: MenuImageRequest,
  answer: MenuItem,
  permission: 'MANAGE_MENU',
});
