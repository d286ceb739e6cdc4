import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import type { DiningSession, Table } from '../schemas/entities.js';
import type { TableRequest } from '../schemas/seat-request.js';
import { answerSeatRequest, type SeatRequestState } from './seat-requests.js';

const now = new Date('2026-11-28T20:00:00.000Z');
const VENUE = '11111111-1111-4111-8111-111111111111';
const REQUEST = '22222222-2222-4222-8222-222222222222';
const TABLE = '33333333-3333-4333-8333-333333333333';
const SESSION = '44444444-4444-4444-8444-444444444444';

const request: TableRequest = {
  id: REQUEST,
  venueId: VENUE,
  sessionId: SESSION,
  tableId: TABLE,
  tableName: 'Table 4',
  guestName: 'Lin',
  partySize: 2,
  status: 'PENDING',
  createdAt: '2026-11-28T19:58:00.000Z',
  expiresAt: '2026-11-28T20:08:00.000Z',
  decidedAt: null,
};
const table: Table = {
  id: TABLE,
  venueId: VENUE,
  name: 'Table 4',
  number: '4',
  shape: 'CIRCLE',
  capacity: 4,
  capacityMin: 1,
  capacityMax: 4,
  xPosition: 0,
  yPosition: 0,
  rotation: 0,
  zone: null,
  isAccessible: false,
  state: 'HOLD_SOFT',
  holdExpiresAt: '2026-11-28T20:08:00.000Z',
  partyName: null,
  guestCount: null,
  timeSeated: null,
};
const session: DiningSession = {
  id: SESSION,
  venueId: VENUE,
  tableId: null,
  partySize: 2,
  guestName: 'Lin',
  status: 'ACTIVE',
  startedAt: '2026-11-28T19:55:00.000Z',
  closedAt: null,
};
const state: SeatRequestState = { request, table, session, heldForParty: true };

const refusal = (run: () => unknown): { status: number; id: string } => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, id: error.id };
    throw error;
  }
  throw new Error('not refused');
};

describe('the host answering a guest’s table choice', () => {
  it('Approve seats the party at the held table with its own session, then closes the request', () => {
    const decided = answerSeatRequest(state, { approve: true }, now);
    expect(decided.answer).toMatchObject({ status: 'APPROVED', decidedAt: now.toISOString() });
    expect(decided.writes.map((w) => w.kind)).toEqual(['session.seat', 'table.seat', 'seatRequest.update']);
    expect(decided.events.map((e) => e.type)).toEqual([
      'table.state.changed',
      'guest.checkedin',
      'seat.request.updated',
    ]);
    const seated = decided.writes.find((w) => w.kind === 'table.seat');
    expect(seated?.kind === 'table.seat' && seated.table).toMatchObject({
      state: 'OCCUPIED',
      partyName: 'Lin',
      guestCount: 2,
    });
  });

  it('Decline frees the held table; a table the party lost is left as it is', () => {
    const decided = answerSeatRequest(state, { approve: false }, now);
    expect(decided.answer.status).toBe('DECLINED');
    expect(decided.writes.map((w) => w.kind)).toEqual(['table.state', 'seatRequest.update']);
    const freed = decided.writes[0];
    expect(freed?.kind === 'table.state' && freed.table.state).toBe('EMPTY');
    const lost = answerSeatRequest({ ...state, heldForParty: false }, { approve: false }, now);
    expect(lost.writes.map((w) => w.kind)).toEqual(['seatRequest.update']);
  });

  it.each([
    ['no request', { ...state, request: null }, true, { status: 404, id: 'not_found' }],
    [
      'answered already',
      { ...state, request: { ...request, status: 'DECLINED' as const } },
      true,
      { status: 409, id: 'seat_request_closed' },
    ],
    [
      'run out',
      { ...state, request: { ...request, expiresAt: now.toISOString() } },
      false,
      { status: 409, id: 'seat_request_closed' },
    ],
    [
      'party seated meanwhile',
      { ...state, session: { ...session, tableId: TABLE } },
      true,
      { status: 409, id: 'seat_request_closed' },
    ],
    [
      'party left',
      { ...state, session: { ...session, status: 'CLOSED' as const } },
      true,
      { status: 409, id: 'seat_request_closed' },
    ],
    ['hold lost', { ...state, heldForParty: false }, true, { status: 409, id: 'table_unavailable' }],
  ])('refuses when %s', (_, given, approve, expected) => {
    expect(refusal(() => answerSeatRequest(given as SeatRequestState, { approve }, now))).toEqual(expected);
  });
});
