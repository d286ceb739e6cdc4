// The floor layout last published (issue 25), as the cloud sent it: the live floor's zones and
// decor. Nothing here decides anything; the designer's drafts are the cloud's alone.
import { LayoutVersion } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';

export function getPublishedLayout(db: AnyDb, venueId: string): LayoutVersion | null {
  const row = db.sql.prepare('SELECT layout_json FROM floor_layout WHERE venue_id = ?').get(venueId) as
    | { layout_json: string }
    | undefined;
  return row ? LayoutVersion.parse(JSON.parse(row.layout_json)) : null;
}

/** Keeps `published` unless the replica already holds a later version (a catch-up replaying an
 * older publish does not undo a newer one). Null forgets the layout (a snapshot without one). */
export function putPublishedLayout(db: WriteDb, venueId: string, published: LayoutVersion | null): void {
  if (!published) {
    db.sql.prepare('DELETE FROM floor_layout WHERE venue_id = ?').run(venueId);
    return;
  }
  db.sql
    .prepare(
      `INSERT INTO floor_layout (venue_id, version, layout_json) VALUES (?, ?, ?)
       ON CONFLICT(venue_id) DO UPDATE SET version = excluded.version, layout_json = excluded.layout_json
       WHERE excluded.version >= floor_layout.version`,
    )
    .run(venueId, published.version, JSON.stringify(published));
}
