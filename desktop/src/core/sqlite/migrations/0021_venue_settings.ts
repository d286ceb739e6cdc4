// The venue's own tax rate and currency (issue 24): bills, receipts and tickets the terminal makes
// use them, as the cloud's do. Every venue's rate was 8.75 % before; a replica made before this
// reads a fresh snapshot all the same (clearing bootstrapped_at), so a rate the cloud already
// changed is not missed.
import type { Migration } from '../migration.js';

export const migration0021: Migration = {
  version: 21,
  name: 'venue_settings',
  up(db) {
    db.exec(`
      ALTER TABLE venue ADD COLUMN tax_rate_bps INTEGER NOT NULL DEFAULT 875
        CHECK (tax_rate_bps BETWEEN 0 AND 10000);
      ALTER TABLE venue ADD COLUMN currency TEXT NOT NULL DEFAULT 'USD' CHECK (length(currency) = 3);
      UPDATE meta SET bootstrapped_at = NULL;
    `);
  },
};
