import { defineCall } from '../define.js';
import { QaRun } from './qa-run.js';

/**
 * Run All Tests: starts the journeys in the QA venue, run by the cloud (docs/qa-dashboard.md), and
 * answers the run as it starts; GET /api/admin/qa-runs/latest follows it. Refused with 'Please
 * seed database first' before the QA venue is seeded, and while a run is in progress.
 */
export const startQaRun = defineCall({
  method: 'POST',
  path: '/api/admin/qa-runs',
  summary: 'Run All Tests: the journeys in the QA venue, run by the cloud',
  audience: ['staff'],
  tiers: ['cloud'],
  answer: QaRun,
  status: 201,
  permission: 'MANAGE_SETTINGS',
});
