import { z } from 'zod';
import { activeQueue } from '../../rules/waitlist.js';
import { WaitlistEntry } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** The parties still in line (WAITING or NOTIFIED), in queue order: the first is Next Up. */
export const listWaitlist = defineCall({
  method: 'GET',
  path: '/api/waitlist',
  summary: 'The waitlist queue, in order',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  answer: z.array(WaitlistEntry),
  staleOn: ['waitlist.updated', 'guest.data.erased'],
});

/** The answer both tiers give from the venue's entries: the parties still in line, in order
 * (a place taken at the same time breaks by arrival, then by id). */
export function waitlistAnswer(entries: readonly WaitlistEntry[]): WaitlistEntry[] {
  const byArrival = [...entries].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return activeQueue(byArrival);
}
