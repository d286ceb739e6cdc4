// The venue's replica: what the cloud's snapshot and events carry, in columns the terminal
// queries. Times are ISO strings as the cloud sent them; money stays the exact decimal string.
import type { Migration } from '../migration.js';

export const migration0001: Migration = {
  version: 1,
  name: 'replica',
  up(db) {
    db.exec(`
      -- One row: which terminal this is, its venue, and how far the change feed has been applied.
      CREATE TABLE meta (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        terminal_id TEXT,
        venue_id TEXT,
        cursor INTEGER NOT NULL DEFAULT 0 CHECK (cursor >= 0),
        bootstrapped_at TEXT
      );
      INSERT INTO meta (id) VALUES (1);

      CREATE TABLE venue (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL,
        name TEXT NOT NULL,
        address TEXT,
        timezone TEXT NOT NULL
      );

      CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        venue_id TEXT NOT NULL,
        name TEXT NOT NULL,
        number TEXT NOT NULL,
        shape TEXT NOT NULL,
        capacity INTEGER NOT NULL,
        capacity_min INTEGER NOT NULL,
        capacity_max INTEGER NOT NULL,
        x_position REAL NOT NULL,
        y_position REAL NOT NULL,
        rotation REAL NOT NULL,
        zone TEXT,
        state TEXT NOT NULL,
        hold_expires_at TEXT,
        party_name TEXT,
        guest_count INTEGER,
        time_seated TEXT
      );

      CREATE TABLE menu_items (
        id TEXT PRIMARY KEY,
        venue_id TEXT,
        name TEXT NOT NULL,
        description TEXT,
        price TEXT NOT NULL,
        category TEXT NOT NULL,
        is_available INTEGER NOT NULL,
        image_url TEXT,
        allergens_json TEXT NOT NULL DEFAULT '[]',
        prep_time INTEGER,
        calories INTEGER,
        is_vegetarian INTEGER NOT NULL,
        is_vegan INTEGER NOT NULL,
        is_gluten_free INTEGER NOT NULL,
        is_spicy INTEGER NOT NULL,
        is_popular INTEGER NOT NULL,
        station TEXT,
        modifiers_schema_json TEXT NOT NULL DEFAULT '[]'
      );

      CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        venue_id TEXT NOT NULL,
        session_id TEXT NOT NULL,
        table_id TEXT,
        table_name TEXT,
        status TEXT NOT NULL,
        subtotal TEXT NOT NULL,
        tax TEXT NOT NULL,
        total TEXT NOT NULL,
        created_at TEXT NOT NULL
      );

      CREATE TABLE order_items (
        id TEXT PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        venue_id TEXT NOT NULL,
        menu_item_id TEXT NOT NULL,
        menu_item_name TEXT NOT NULL,
        station TEXT,
        prep_time INTEGER,
        quantity INTEGER NOT NULL CHECK (quantity >= 1),
        unit_price TEXT NOT NULL,
        total_price TEXT NOT NULL,
        notes TEXT,
        modifiers_json TEXT NOT NULL DEFAULT '[]',
        course TEXT NOT NULL,
        status TEXT NOT NULL,
        fire_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sort_order INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX order_items_order ON order_items(order_id);
      CREATE INDEX order_items_status ON order_items(status);

      CREATE TABLE printers (
        id TEXT PRIMARY KEY,
        venue_id TEXT NOT NULL,
        name TEXT NOT NULL,
        location TEXT,
        type TEXT NOT NULL,
        station TEXT,
        connection TEXT NOT NULL,
        host TEXT,
        port INTEGER,
        terminal_id TEXT,
        status TEXT NOT NULL
      );
    `);
  },
};
