import { z } from 'zod';
import { defineCall } from '../define.js';

const StationTicketTimesAnswer = z.array(
  z.object({
    station: z.string(),
    tickets: z.number().int(),
    averageMinutes: z.number(),
    longestMinutes: z.number(),
  }),
);

/** The kitchen's Analytics view: per station, the time items took from fired to ready over the last
 * twelve hours, from the venue's own events (spec 2 section 2.6). The cloud keeps those events; a
 * terminal asks it for the answer (503 `cloud_unreachable` with its reason while it is offline). */
export const getTicketTimes = defineCall({
  method: 'GET',
  path: '/api/kitchen/ticket-times',
  summary: 'Fired-to-ready times per station over the last twelve hours',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  answer: StationTicketTimesAnswer,
  staleOn: ['order.item.status.changed'],
});
