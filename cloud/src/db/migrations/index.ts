// Every migration, in order, imported statically so the list is the same under tsx, a bundler and
// PGlite (no directory scanning). Add one numbered file per migration and list it here.
import type { Knex } from 'knex';
import * as m0001 from './0001_core.js';
import * as m0002 from './0002_operations.js';
import * as m0003 from './0003_idempotency_and_throttle.js';
import * as m0004 from './0004_qr_generation.js';
import * as m0005 from './0005_database_epoch.js';
import * as m0006 from './0006_printer_backup.js';
import * as m0007 from './0007_print_reports.js';
import * as m0009 from './0009_guest_holds.js';
import * as m0010 from './0010_event_batches.js';
import * as m0012 from './0012_stored_objects.js';
import * as m0013 from './0013_printer_removal.js';
import * as m0014 from './0014_payments.js';
import * as m0015 from './0015_periodic_runs.js';
import * as m0016 from './0016_staff_duty.js';
import * as m0017 from './0017_pass_tickets.js';
import * as m0018 from './0018_duty_runners.js';
import * as m0019 from './0019_venue_settings.js';
import * as m0023 from './0023_staff_accounts.js';
import * as m0027 from './0027_floor_layout_versions.js';
import * as m0030 from './0030_analytics_rollups.js';
import * as m0033 from './0033_rate_limits.js';
import * as m0036 from './0036_venue_flags.js';
import * as m0040 from './0040_qa_runs.js';
import * as m0045 from './0045_terminal_pairing_codes.js';
import * as m0070 from './0070_entrance_code.js';
import * as m0071 from './0071_seat_requests.js';
import * as m0072 from './0072_party_phones.js';
import * as m0073 from './0073_events_archive.js';
import * as m0080 from './0080_floor_templates.js';

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

export const migrations: readonly Migration[] = [
  { name: '0001_core', up: m0001.up, down: m0001.down },
  { name: '0002_operations', up: m0002.up, down: m0002.down },
  { name: '0003_idempotency_and_throttle', up: m0003.up, down: m0003.down },
  { name: '0004_qr_generation', up: m0004.up, down: m0004.down },
  { name: '0005_database_epoch', up: m0005.up, down: m0005.down },
  { name: '0006_printer_backup', up: m0006.up, down: m0006.down },
  { name: '0007_print_reports', up: m0007.up, down: m0007.down },
  { name: '0009_guest_holds', up: m0009.up, down: m0009.down },
  { name: '0010_event_batches', up: m0010.up, down: m0010.down },
  { name: '0012_stored_objects', up: m0012.up, down: m0012.down },
  { name: '0013_printer_removal', up: m0013.up, down: m0013.down },
  { name: '0014_payments', up: m0014.up, down: m0014.down },
  { name: '0015_periodic_runs', up: m0015.up, down: m0015.down },
  { name: '0016_staff_duty', up: m0016.up, down: m0016.down },
  { name: '0017_pass_tickets', up: m0017.up, down: m0017.down },
  { name: '0018_duty_runners', up: m0018.up, down: m0018.down },
  { name: '0019_venue_settings', up: m0019.up, down: m0019.down },
  { name: '0023_staff_accounts', up: m0023.up, down: m0023.down },
  { name: '0027_floor_layout_versions', up: m0027.up, down: m0027.down },
  { name: '0030_analytics_rollups', up: m0030.up, down: m0030.down },
  { name: '0033_rate_limits', up: m0033.up, down: m0033.down },
  { name: '0036_venue_flags', up: m0036.up, down: m0036.down },
  { name: '0040_qa_runs', up: m0040.up, down: m0040.down },
  { name: '0045_terminal_pairing_codes', up: m0045.up, down: m0045.down },
  { name: '0070_entrance_code', up: m0070.up, down: m0070.down },
  { name: '0071_seat_requests', up: m0071.up, down: m0071.down },
  { name: '0072_party_phones', up: m0072.up, down: m0072.down },
  { name: '0073_events_archive', up: m0073.up, down: m0073.down },
  { name: '0080_floor_templates', up: m0080.up, down: m0080.down },
];
