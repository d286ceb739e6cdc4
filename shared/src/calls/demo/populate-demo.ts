import { z } from 'zod';
import { defineCall } from '../define.js';

/** What Load Demo Data answers (spec 2 section 3's demo response): how many tables, menu items and
 * waiting parties the venue has now, and how many of each this press added. */
export const DemoPopulateAnswer = z.object({
  tables: z.number().int().nonnegative(),
  menuItems: z.number().int().nonnegative(),
  /** Parties in line (WAITING or NOTIFIED). */
  waitlistEntries: z.number().int().nonnegative(),
  added: z.object({
    tables: z.number().int().nonnegative(),
    menuItems: z.number().int().nonnegative(),
    waitlistEntries: z.number().int().nonnegative(),
  }),
});
export type DemoPopulateAnswer = z.infer<typeof DemoPopulateAnswer>;

/**
 * Load Demo Data (spec 2 section 2.1): fills a demo or QA venue with the demo floor, menu and a
 * waiting line. Anywhere else it is refused (403, `MESSAGES.demoPopulateRefused`) and nothing
 * changes. A second press adds no table or menu item twice: a table whose number the venue has,
 * an item whose name its menu has, is left as it is; the sample parties are added again only once
 * they have left the line (seated or removed). See docs/demo-data.md.
 */
export const populateDemo = defineCall({
  method: 'POST',
  path: '/api/demo/populate',
  summary: 'Load Demo Data at a demo or QA venue (counts of tables, menu items, waiting parties)',
  audience: ['staff'],
  tiers: ['cloud'],
  // The spec's client sends an empty object; no body is read.
  answer: DemoPopulateAnswer,
  staleOn: ['table.state.changed', 'menu.item.updated', 'waitlist.updated'],
  permission: 'MANAGE_SETTINGS',
});
