import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';

export const StoredObjectAnswer = z.object({ objectUrl: z.string(), contentType: z.string(), size: z.number().int() });

/**
 * The upload URL's target: the body is the file's bytes (any content type), at most 5 MB, and must
 * be an image by its bytes (PNG, JPEG, GIF, WebP), whatever its name or Content-Type say. The
 * signed `token` of the upload URL is its credential.
 */
export const putObject = defineCall({
  method: 'PUT',
  path: '/api/objects/uploads/:id',
  summary: 'Upload the bytes of one image to a signed upload URL',
  audience: ['public'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  query: z.object({ token: z.string().max(200) }),
  answer: StoredObjectAnswer,
});

/** The stored image itself (a menu photo guests see); public, as a menu is. */
export const getObject = defineCall({
  method: 'GET',
  path: '/api/objects/:id',
  summary: 'Read a stored image',
  audience: ['public'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Image',
  answer: z.unknown(),
});
