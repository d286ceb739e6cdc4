// An upload URL is its own credential, as an S3 presigned URL is: it names the object the cloud
// made an id for, the organization that asked, and when it stops working, signed with the app
// secret. Whoever holds it may PUT one file there until then, and nothing else.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an upload URL works: long enough for a slow phone to send 5 MB. */
const UPLOAD_LINK_MS = 15 * 60_000;

function signature(secret: string, objectId: string, orgId: string, expires: number): string {
  return createHmac('sha256', secret).update(`upload:${objectId}:${orgId}:${expires}`).digest('base64url');
}

export function uploadToken(secret: string, objectId: string, orgId: string, now: Date): string {
  const expires = now.getTime() + UPLOAD_LINK_MS;
  return `${orgId}.${expires}.${signature(secret, objectId, orgId, expires)}`;
}

/** The organization the link was made for, or null when it is forged, for another object, or old. */
export function uploadTokenOrg(secret: string, objectId: string, token: string, now: Date): string | null {
  const [orgId, expiresText, sig] = token.split('.');
  if (!orgId || !expiresText || !sig || !/^\d{1,15}$/.test(expiresText)) return null;
  const expires = Number(expiresText);
  if (expires < now.getTime()) return null;
  const expected = Buffer.from(signature(secret, objectId, orgId, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? orgId : null;
}
