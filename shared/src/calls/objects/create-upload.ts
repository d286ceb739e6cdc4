import { z } from 'zod';
import { defineCall } from '../define.js';

const UploadAnswer = z.object({
  /** Where the file goes, with PUT, within the link's lifetime (signed; no other credential). */
  uploadURL: z.string(),
  /** Where the stored file is read once uploaded: what PUT /api/menu/:id/image takes. */
  objectUrl: z.string(),
});

/** Spec 3 section 7: an upload URL for one menu photo; the file is then sent with PUT to it. */
export const createUpload = defineCall({
  method: 'POST',
  path: '/api/objects/upload',
  summary: 'Get a signed URL to upload one image to (menu photos)',
  audience: ['staff'],
  tiers: ['cloud'],
  answer: UploadAnswer,
  permission: 'MANAGE_MENU',
});
