// The events' archive (migration 0073): moving a venue's old events out of the hot table.
import type { Queryable } from '../context.js';

/** The venues, in id order (the archive job goes through them one by one). */
export async function listVenueIds(q: Queryable): Promise<string[]> {
  return (await q('venues').orderBy('id').select('id')).map((r: { id: string }) => r.id);
}

/**
 * The seq the venue's archive may reach: that of its newest event written before `cutoff`, or
 * null when none is that old. One probe of (venue_id, created_at). An event numbered later but
 * written before it (its transaction committed after) stays hot a little longer: the archive is
 * always a prefix of the venue's sequence, never a number here and there.
 */
export async function archiveBoundary(q: Queryable, venueId: string, cutoff: Date): Promise<number | null> {
  const row = await q('events')
    .where({ venue_id: venueId })
    .andWhere('created_at', '<', cutoff)
    .orderBy('created_at', 'desc')
    .first('seq');
  return row ? Number(row.seq) : null;
}

/**
 * Moves the venue's oldest hot events, at most `batch` of them and none past seq `through`, to the
 * archive in one statement (its own transaction): in every snapshot an event is in exactly one
 * of the two tables. Answers how many moved; fewer than `batch` means the venue is done.
 */
export async function moveToArchive(q: Queryable, venueId: string, through: number, batch: number): Promise<number> {
  const result = await q.raw<{ rows: { moved: number }[] }>(
    `with moved as (
       delete from events
        where venue_id = ? and seq in (
          select seq from events where venue_id = ? and seq <= ? order by seq limit ?)
       returning *
     ), archived as (
       insert into events_archive select * from moved returning 1
     )
     select count(*)::int as moved from archived`,
    [venueId, venueId, through, batch],
  );
  return result.rows[0]?.moved ?? 0;
}
