// The address of an uploaded image as a client sends it back to save it (a menu photo, a
// restaurant's logo): the `uploadURL` that POST /api/objects/upload answered (the only URL the
// spec's upload answer has) or the `objectUrl` it is read from, relative or on this host. Both
// name the same stored object, kept as `/api/objects/<id>`.
import { z } from 'zod';

const OBJECT_URL = /^(?:https?:\/\/[^/?#]+)?\/api\/objects\/(?:uploads\/)?([0-9a-f-]{36})(?:\?[^#]*)?$/;

export const UploadedImageUrl = z
  .string()
  .max(2000)
  .transform((url, ctx) => {
    const id = OBJECT_URL.exec(url)?.[1];
    if (id) return `/api/objects/${id}`;
    ctx.addIssue({ code: 'custom', message: 'must be the uploadURL or objectUrl of an upload' });
    return z.NEVER;
  });
