// Menu photos (spec 3): POST /api/objects/upload answers a signed upload URL; the file's bytes go
// there with PUT; the stored image is read at /api/objects/:id (public, as the menu is).
import { randomUUID } from 'node:crypto';
import { createUpload, getObject, IMAGE_UPLOAD, MESSAGES, putObject, SERVICE_MESSAGES } from '@tablewise/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { AppDeps } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { uploadToken, uploadTokenOrg } from '../../objects/upload-link.js';
import { requireStaff } from '../../policies/principals.js';
import { findStoredObject, insertStoredObject } from '../../repositories/stored-objects.js';
import { type AppRouter, newRouter, serve } from '../http.js';

/** What a menu photo may be, by its bytes: what every browser shows. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const tooLarge = () => new AppError(413, 'file_too_large', MESSAGES.fileTooLarge(IMAGE_UPLOAD.maxMegabytes));

/** Reads at most the limit; one byte more is refused at once, without reading the rest. */
async function readLimited(chunks: AsyncIterable<Uint8Array>, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > max) throw tooLarge();
    parts.push(Buffer.from(chunk));
  }
  return Buffer.concat(parts, size);
}

export function objectsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, createUpload, async ({ ctx }) => {
    const staff = requireStaff(ctx);
    const id = randomUUID();
    const token = uploadToken(deps.secret, id, staff.orgId, deps.now());
    return {
      uploadURL: putObject.url({ id }, { token }),
      objectUrl: getObject.url({ id }),
    };
  });

  serve(router, putObject, async ({ ctx, params, query }) => {
    const { id } = params();
    const orgId = uploadTokenOrg(deps.secret, id, query().token, deps.now());
    if (!orgId) throw new AppError(403, 'upload_link_invalid', SERVICE_MESSAGES.uploadLinkInvalid);
    const declared = Number(ctx.get('Content-Length') || '0');
    if (declared > IMAGE_UPLOAD.maxBytes) throw tooLarge();
    const bytes = await readLimited(ctx.req, IMAGE_UPLOAD.maxBytes);
    // The bytes decide, not the file's name or the Content-Type the browser guessed from it.
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !IMAGE_TYPES.has(type.mime)) throw new AppError(415, 'invalid_image', MESSAGES.invalidImageFile);
    // Recorded and stored in one transaction: a second PUT to the same link is refused before it
    // can touch the bytes, and a record never names bytes that were not stored.
    await deps.db.transaction(async (trx) => {
      const row = { id, org_id: orgId, content_type: type.mime, size: bytes.byteLength };
      if (!(await insertStoredObject(trx, row, deps.now()))) {
        throw new AppError(403, 'upload_link_invalid', SERVICE_MESSAGES.uploadLinkInvalid);
      }
      await deps.objects.put(id, bytes);
    });
    return { objectUrl: getObject.url({ id }), contentType: type.mime, size: bytes.byteLength };
  });

  serve(router, getObject, async ({ ctx, params }) => {
    // A uuid in capitals is the same uuid; the store's keys are the cloud's own, in small letters.
    const id = params().id.toLowerCase();
    const row = await findStoredObject(deps.db, id);
    const bytes = row ? await deps.objects.get(id) : null;
    if (!row || !bytes) throw notFound('Image');
    ctx.status = 200;
    ctx.type = row.content_type;
    // An object never changes under its id: a new photo is a new upload.
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = Buffer.from(bytes);
    return undefined;
  });

  return router;
}
