// Erasing one guest's personal data on request (issue 24): their name, phone and email in the
// venue's visits, waitlist and reservations, and the copies past events carry of those rows. The
// money records (orders, payments) never held them and stay. Terminals overwrite their copies
// from `guest.data.erased`.
import { ADMIN_MESSAGES, type GuestDataErased, type GuestDataRequest } from '@tablewise/shared';
import type { Queryable, StaffActor, Trx } from '../context.js';
import { badRequest } from '../errors.js';
import { presentReservation, presentSession, presentWaitlistEntry } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import type { ReservationRow, SessionRow, WaitlistRow } from '../repositories/rows.js';

const ERASED = ADMIN_MESSAGES.erasedGuestName;

/** Digits only: '+1 (555) 010-2030' and '15550102030' are the same phone. */
const digitsSql = (column: string) => `regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;

interface Who {
  digits: string | null;
  email: string | null;
  name: string | null;
}

function whoOf(input: GuestDataRequest): Who {
  const digits = input.phone?.replace(/[^0-9]/g, '') || null;
  const email = input.email?.toLowerCase() || null;
  if (!digits && !email) throw badRequest(ADMIN_MESSAGES.eraseNeedsContact);
  return { digits, email, name: input.name?.toLowerCase() || null };
}

/** Where each kind of record keeps the guest's phone, email and name. */
const CONTACT_COLUMNS = {
  sessions: { phone: 'guest_phone', email: 'guest_email', name: 'guest_name' },
  waitlist: { phone: 'phone', email: 'email', name: 'guest_name' },
  reservations: {
    phone: "guest_contact->>'phone'",
    email: "guest_contact->>'email'",
    name: "guest_contact->>'name'",
  },
} as const;

/** Rows whose phone or email is the guest's (and whose name is, when one is given), locked. */
function matching<T extends object>(
  q: Queryable,
  table: keyof typeof CONTACT_COLUMNS,
  venueId: string,
  who: Who,
): Promise<T[]> {
  const columns = CONTACT_COLUMNS[table];
  return q(table)
    .where('venue_id', venueId)
    .where((w) => {
      if (who.digits) w.orWhereRaw(`${digitsSql(columns.phone)} = ?`, [who.digits]);
      if (who.email) w.orWhereRaw(`lower(coalesce(${columns.email}, '')) = ?`, [who.email]);
    })
    .modify((m) => {
      if (who.name) m.whereRaw(`lower(trim(coalesce(${columns.name}, ''))) = ?`, [who.name]);
    })
    .forUpdate();
}

export async function eraseGuestDataAt(
  trx: Trx,
  staff: StaffActor,
  input: GuestDataRequest,
  now: Date,
): Promise<GuestDataErased> {
  const who = whoOf(input);
  const venueId = staff.venueId;
  const sessions = await matching<SessionRow>(trx, 'sessions', venueId, who);
  const waitlist = await matching<WaitlistRow>(trx, 'waitlist', venueId, who);
  const reservations = await matching<ReservationRow>(trx, 'reservations', venueId, who);

  // What the rows said: the strings past events may repeat.
  const names = new Set<string>();
  const contacts = new Set<string>();
  const add = (set: Set<string>, value: string | null | undefined) => {
    if (value?.trim()) set.add(value);
  };
  for (const s of sessions) {
    add(names, s.guest_name);
    add(contacts, s.guest_phone);
    add(contacts, s.guest_email);
  }
  for (const w of waitlist) {
    add(names, w.guest_name);
    add(contacts, w.phone);
    add(contacts, w.email);
  }
  for (const r of reservations) {
    add(names, r.guest_contact.name);
    add(contacts, r.guest_contact.phone);
    add(contacts, r.guest_contact.email);
  }
  const ids = [...sessions, ...waitlist, ...reservations].map((row) => row.id);
  const events = ids.length === 0 ? [] : await eventsNaming(trx, venueId, ids);
  const scrubbed = events
    .map((e) => ({ table: e.table, seq: e.seq, payload: scrub(e.payload_json, names, contacts) }))
    .filter((e) => e.payload !== null);

  const answer = {
    sessions: sessions.length,
    waitlistEntries: waitlist.length,
    reservations: reservations.length,
    events: scrubbed.length,
  };
  if (input.dryRun) return { erased: false, ...answer, requestId: null };

  const sessionIds = sessions.map((s) => s.id);
  const waitlistIds = waitlist.map((w) => w.id);
  const reservationIds = reservations.map((r) => r.id);
  if (sessionIds.length > 0) {
    await trx('sessions')
      .whereIn('id', sessionIds)
      .update({ guest_name: ERASED, guest_phone: null, guest_email: null });
  }
  if (waitlistIds.length > 0) {
    await trx('waitlist')
      .whereIn('id', waitlistIds)
      .update({ guest_name: ERASED, phone: null, email: null, updated_at: now });
  }
  if (reservationIds.length > 0) {
    await trx('reservations')
      .whereIn('id', reservationIds)
      .update({
        guest_contact: trx.raw(`guest_contact || ?::jsonb`, [JSON.stringify({ name: ERASED, phone: '', email: '' })]),
        updated_at: now,
      });
  }
  for (const e of scrubbed)
    await trx(e.table)
      .where({ venue_id: venueId, seq: e.seq })
      .update({ payload_json: JSON.stringify(e.payload) });
  const [request] = await trx('data_deletion_requests')
    .insert({
      organization_id: staff.orgId,
      requested_by: staff.user.id,
      data_types: ['sessions', 'waitlist', 'reservations', 'events'],
      reason: input.reason || null,
      status: 'COMPLETED',
      executed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id');
  if (ids.length > 0) {
    await appendEvent(trx, {
      orgId: staff.orgId,
      venueId,
      userId: staff.user.id,
      event: {
        type: 'guest.data.erased',
        sessions: (await trx<SessionRow>('sessions').whereIn('id', sessionIds)).map(presentSession),
        waitlist: (await trx<WaitlistRow>('waitlist').whereIn('id', waitlistIds)).map(presentWaitlistEntry),
        reservations: (await trx<ReservationRow>('reservations').whereIn('id', reservationIds)).map(presentReservation),
      },
      at: now,
    });
  }
  return { erased: true, ...answer, requestId: request.id };
}

/** Where an event is kept: the hot table or, past the retention window, the archive. */
type EventTable = 'events' | 'events_archive';

/**
 * The venue's events whose payload names one of these rows, hot and archived, locked. The hot
 * table is read first: an event the archive job is moving meanwhile is waited for and then found
 * in the archive, and one it would move later waits for this erasure and moves scrubbed.
 */
async function eventsNaming(
  q: Queryable,
  venueId: string,
  ids: string[],
): Promise<{ table: EventTable; seq: string; payload_json: unknown }[]> {
  const rows: { table: EventTable; seq: string; payload_json: unknown }[] = [];
  for (const table of ['events', 'events_archive'] as const) {
    // A few hundred ids at a time: one pattern each, matched by the payload's text.
    for (let i = 0; i < ids.length; i += 200) {
      const patterns = ids.slice(i, i + 200).map((id) => `%${id}%`);
      const found: { seq: string; payload_json: unknown }[] = await q(table)
        .where({ venue_id: venueId })
        .whereRaw('payload_json::text like any (?)', [patterns])
        .forUpdate()
        .select('seq', 'payload_json');
      rows.push(...found.map((r) => ({ table, ...r })));
    }
  }
  return rows;
}

/** The payload with every string that is one of the names replaced by ERASED and every phone
 * or email by ''; null when nothing in it changed. */
function scrub(payload: unknown, names: Set<string>, contacts: Set<string>): unknown | null {
  let changed = false;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (names.has(value)) {
        changed = true;
        return ERASED;
      }
      if (contacts.has(value)) {
        changed = true;
        return '';
      }
      return value;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    }
    return value;
  };
  const out = walk(payload);
  return changed ? out : null;
}
