import { z } from 'zod';
import { EventsAfterAnswer } from '../../protocol/events.js';
import { defineCall } from '../define.js';

const MAX_EVENTS_PAGE = 500;

const WholeNumber = z
  .string()
  .regex(/^\d{1,15}$/, { error: 'must be a whole number' })
  .transform(Number);

const EventsQuery = z.object({
  after: WholeNumber.optional().transform((v) => v ?? 0),
  limit: WholeNumber.optional().transform((v) => Math.min(Math.max(v ?? MAX_EVENTS_PAGE, 1), MAX_EVENTS_PAGE)),
});

/** The change feed after a cursor, in sequence order, a page at a time. */
export const listEvents = defineCall({
  method: 'GET',
  path: '/api/sync/events',
  summary: "The venue's events after a sequence number",
  audience: ['terminal', 'staff'],
  tiers: ['cloud'],
  query: EventsQuery,
  answer: EventsAfterAnswer,
});
