// Every replica migration, in order. Versions 2, 8 and 10 belong to printing (print_jobs, printers' backups).
import type { Migration } from '../migration.js';
import { migration0001 } from './0001_replica.js';
import { migration0002 } from './0002_print_jobs.js';
import { migration0003 } from './0003_outbox.js';
import { migration0004 } from './0004_local_auth.js';
import { migration0005 } from './0005_ticketed_items.js';
import { migration0006 } from './0006_menu_order.js';
import { migration0007 } from './0007_sessions_accessible.js';
import { migration0008 } from './0008_print_jobs_unconfirmed.js';
import { migration0009 } from './0009_meta_epoch.js';
import { migration0010 } from './0010_printer_backup.js';
import { migration0011 } from './0011_waitlist.js';
import { migration0012 } from './0012_reservations.js';
import { migration0013 } from './0013_meta_durable_mark.js';
import { migration0014 } from './0014_tasks.js';
import { migration0015 } from './0015_order_priority.js';
import { migration0016 } from './0016_runners.js';
import { migration0017 } from './0017_payments.js';
import { migration0018 } from './0018_outbox_calls.js';
import { migration0019 } from './0019_menu_handling.js';
import { migration0020 } from './0020_runner_user.js';
import { migration0021 } from './0021_venue_settings.js';
import { migration0022 } from './0022_floor_layout.js';

export const MIGRATIONS: readonly Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
  migration0009,
  migration0010,
  migration0011,
  migration0012,
  migration0013,
  migration0014,
  migration0015,
  migration0016,
  migration0017,
  migration0018,
  migration0019,
  migration0020,
  migration0021,
  migration0022,
];
