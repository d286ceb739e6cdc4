import { z } from 'zod';
import { SETUP_STEPS, type SetupStepId } from '../../admin-texts.js';
import { defineCall } from '../define.js';

const SetupStep = z.object({ id: z.enum(SETUP_STEPS), done: z.boolean() });

export const SetupChecklist = z.object({ steps: z.array(SetupStep) });
export type SetupChecklist = z.infer<typeof SetupChecklist>;

/** What the cloud counts for the checklist: each step is done or not by the venue's real data. */
export interface SetupFacts {
  venueSettingsSaved: boolean;
  tables: number;
  menuItems: number;
  printers: number;
  terminals: number;
  /** People of the venue besides its owner (accounts now; invitations once they are kept). */
  otherStaff: number;
  qrSheetPrinted: boolean;
  ordersReachedKitchen: number;
}

/** The one rule for the checklist: which steps the facts complete. */
export function setupChecklistAnswer(f: SetupFacts): SetupChecklist {
  const done: Record<SetupStepId, boolean> = {
    'venue-settings': f.venueSettingsSaved,
    tables: f.tables > 0,
    menu: f.menuItems > 0,
    printers: f.printers > 0,
    terminal: f.terminals > 0,
    staff: f.otherStaff > 0,
    'table-qr': f.qrSheetPrinted,
    'test-order': f.ordersReachedKitchen > 0,
  };
  return { steps: SETUP_STEPS.map((id) => ({ id, done: done[id] })) };
}

/** The signed-in member's venue's setup checklist (issue 24). */
export const getSetupChecklist = defineCall({
  method: 'GET',
  path: '/api/setup/checklist',
  summary: "The venue's setup checklist, each step done or not by its data",
  audience: ['staff'],
  tiers: ['cloud'],
  answer: SetupChecklist,
  staleOn: ['venue.updated', 'order.created', 'printer.updated', 'table.state.changed'],
  permission: 'MANAGE_SETTINGS',
});
