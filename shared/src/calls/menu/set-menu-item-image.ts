import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { MenuItem } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** Where an uploaded photo is read (`objectUrl`) and where it was sent (`uploadURL`, the only URL
 * the spec's upload answer has), relative or on this host: both name the same stored object. */
const OBJECT_URL = /^(?:https?:\/\/[^/?#]+)?\/api\/objects\/(?:uploads\/)?([0-9a-f-]{36})(?:\?[^#]*)?$/;

/** A menu photo's address, stored as `/api/objects/<id>`; null takes it away. */
export const MenuImageRequest = z.strictObject({
  imageUrl: z
    .string()
    .max(2000)
    .transform((url, ctx) => {
      const id = OBJECT_URL.exec(url)?.[1];
      if (id) return `/api/objects/${id}`;
      ctx.addIssue({ code: 'custom', message: 'must be the uploadURL or objectUrl of an upload' });
      return z.NEVER;
    })
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
