import { z } from 'zod';
import { PARTY_SIZE } from '../constants.js';
import { MESSAGES } from '../messages.js';

export const Id = z.uuid();
export type Id = z.infer<typeof Id>;

/** An exact amount of money on the wire: a decimal string with at most two places ("12.50"). */
export const Money = z.string().regex(/^-?\d+(\.\d{1,2})?$/, { error: 'must be an amount such as 12.50' });
export type Money = z.infer<typeof Money>;

export const IsoDateTime = z.iso.datetime({ offset: true });

export const PartySize = z.coerce
  .number({ error: MESSAGES.partySizeNotNumber })
  .int({ error: MESSAGES.partySizeNotNumber })
  .min(PARTY_SIZE.min, { error: MESSAGES.partySizeMin(PARTY_SIZE.min) })
  .max(PARTY_SIZE.max, { error: MESSAGES.partySizeMax(PARTY_SIZE.max) });

/** The body of every non-OK answer (spec 1 section 8). */
export const ErrorBody = z.object({ message: z.string(), id: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The human-readable `message` of a refusal's body, when it is the spec's error shape. */
export function errorMessageOf(bodyText: string): string | null {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data.message : null;
  } catch {
    return null;
  }
}
