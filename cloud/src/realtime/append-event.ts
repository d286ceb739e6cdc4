// A write's event commits with the write: the venue's next sequence number is taken under the
// venue row's lock inside the write's transaction, and pg_notify tells every instance on commit.
import { randomUUID } from 'node:crypto';
import type { LiveEvent, NewLiveEvent } from '@tablewise/shared';
import type { Trx } from '../context.js';
import { insertEvent, notifyVenue } from '../repositories/events.js';
import { nextEventSeq } from '../repositories/venues.js';

export interface AppendEventInput {
  orgId: string;
  venueId: string;
  userId?: string | null;
  terminalId?: string | null;
  event: NewLiveEvent;
  /** The event's time; the command's clock, so tests with an injected clock stay consistent. */
  at?: Date;
}

export async function appendEvent(trx: Trx, input: AppendEventInput): Promise<LiveEvent> {
  const seq = await nextEventSeq(trx, input.venueId);
  const at = input.at ?? new Date();
  const event = { ...input.event, seq, venueId: input.venueId, at: at.toISOString() } as LiveEvent;
  await insertEvent(trx, {
    id: randomUUID(),
    org_id: input.orgId,
    venue_id: input.venueId,
    seq,
    user_id: input.userId ?? null,
    terminal_id: input.terminalId ?? null,
    type: event.type,
    payload_json: event,
    created_at: at,
  });
  await notifyVenue(trx, input.venueId);
  return event;
}
