import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { MenuItem } from '../../schemas/entities.js';
import { UploadedImageUrl } from '../../schemas/uploads.js';
import { defineCall } from '../define.js';

/** A menu photo's address, stored as `/api/objects/<id>`; null takes it away. */
export const MenuImageRequest = z.strictObject({
  imageUrl: UploadedImageUrl.nullable(),
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
