import { z } from 'zod';
import { Id, IsoDateTime } from '../../schemas/common.js';
import { defineCall } from '../define.js';

const StuckTableReport = z.object({
  id: Id,
  name: z.string(),
  issue: z.enum(['LONG_CLEANING', 'STUCK_QA', 'ABANDONED_SESSION']),
  lastActivity: IsoDateTime,
  /** The staff toast's text (spec 3 section 8). */
  message: z.string(),
});

/**
 * The stuck-state check's findings now (spec 3 section 4: every 5 minutes): tables cleaning too
 * long, waiting too long for QA, or seated with no activity for hours. Reading it changes nothing;
 * the cloud's own check, once per interval, sends abandoned tables to cleaning.
 */
export const getStuckStates = defineCall({
  method: 'GET',
  path: '/api/tables/stuck-states',
  summary: 'Tables stuck in cleaning, QA or an abandoned session',
  audience: ['staff', 'terminal'],
  tiers: ['cloud'],
  answer: z.array(StuckTableReport),
  staleOn: ['table.state.changed', 'table.stuck'],
});
