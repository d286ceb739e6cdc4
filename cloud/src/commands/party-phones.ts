// A phone that joins a party already seated (issue 27, probe finding 2). Scanning the table's code
// while a party sits there used to hand the phone the party's own cookie: an old photo of the code
// read the party's name, bill and orders and ordered onto its tab. Now such a phone gets a cookie
// of its own that names a party_phones row, and sees and orders nothing of the party's until a
// phone of the party or staff let it in (shared/src/rules/party-phones.ts decides). It may pay.
import { randomUUID } from 'node:crypto';
import { answerPhone, type PartyPhone, type PartyPhoneStatus } from '@tablewise/shared';
import { actorRef, type GuestActor, type Queryable, type Trx, type VenueActor } from '../context.js';
import { appendEvent } from '../realtime/append-event.js';
import {
  findPartyPhone,
  insertPartyPhone,
  listWaitingPhonesOfSession,
  listWaitingPhonesOfVenue,
  type PartyPhoneRow,
  setPartyPhoneStatus,
} from '../repositories/party-phones.js';
import type { SessionRow } from '../repositories/rows.js';

function presentPartyPhone(row: PartyPhoneRow): PartyPhone {
  return {
    id: row.id,
    venueId: row.venue_id,
    sessionId: row.session_id,
    tableName: row.table_name,
    status: row.status as PartyPhoneStatus,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
  };
}

async function announce(
  trx: Trx,
  id: string,
  now: Date,
  author: { userId: string | null; terminalId?: string | null } = { userId: null },
) {
  const row = await findPartyPhone(trx, id);
  if (!row) throw new Error(`Phone ${id} does not exist`);
  await appendEvent(trx, {
    orgId: row.org_id,
    venueId: row.venue_id,
    userId: author.userId,
    terminalId: author.terminalId ?? null,
    at: now,
    event: { type: 'party.phone.updated', phone: presentPartyPhone(row) },
  });
  return row;
}

/** A phone scanned the table of a seated party: it asks to join; answers the phone's id. */
export async function askToJoinParty(trx: Trx, session: SessionRow, now: Date): Promise<string> {
  const id = randomUUID();
  await insertPartyPhone(trx, {
    id,
    org_id: session.org_id,
    venue_id: session.venue_id,
    session_id: session.id,
    created_at: now,
  });
  await announce(trx, id, now);
  return id;
}

/** This phone's standing: null for the party's own phone. */
export async function myPhone(q: Queryable, phoneId: string | undefined): Promise<{ phone: PartyPhone | null }> {
  const row = phoneId ? await findPartyPhone(q, phoneId) : undefined;
  return { phone: row ? presentPartyPhone(row) : null };
}

/** The phones waiting to join the guest's party (the guest is let in: policies check it). */
export async function phonesAskingToJoin(q: Queryable, guest: GuestActor): Promise<{ phones: PartyPhone[] }> {
  return { phones: (await listWaitingPhonesOfSession(q, guest.sessionId)).map(presentPartyPhone) };
}

export async function phonesWaitingAtVenue(q: Queryable, staff: VenueActor): Promise<{ phones: PartyPhone[] }> {
  return { phones: (await listWaitingPhonesOfVenue(q, staff.venueId)).map(presentPartyPhone) };
}

/** A phone of the party, or staff, answer a phone that asked to join. */
export async function answerJoiningPhone(
  trx: Trx,
  by: { kind: 'party'; guest: GuestActor } | { kind: 'staff'; staff: VenueActor },
  id: string,
  approve: boolean,
  now: Date,
): Promise<PartyPhone> {
  const row = await findPartyPhone(trx, id, { forUpdate: true });
  const answered = answerPhone(
    row ? presentPartyPhone(row) : null,
    by.kind === 'staff'
      ? { kind: 'staff', venueId: by.staff.venueId }
      : { kind: 'party', sessionId: by.guest.sessionId },
    approve,
    now,
  );
  // Staff at a terminal answer through it: the terminal is named, as on every write it makes.
  const author = by.kind === 'staff' ? actorRef(by.staff) : { userId: null, terminalId: null };
  await setPartyPhoneStatus(trx, id, {
    status: answered.status,
    at: now,
    byUser: author.userId,
    byPhone: by.kind === 'party' ? (by.guest.phoneId ?? null) : null,
  });
  return presentPartyPhone(await announce(trx, id, now, author));
}
