import { describe, expect, it } from 'vitest';
import {
  type HeldTableFacts,
  initialSeatHold,
  type SeatHoldAction,
  type SeatHoldState,
  seatHoldReducer,
} from './seat-hold.js';
import { holdCountdown } from './seat-selection.js';

const T0 = Date.parse('2026-11-25T19:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const ms = (seconds: number) => T0 + seconds * 1000;
const EXPIRY = at(180);

const held: SeatHoldAction = { type: 'held', tableId: 't3', tableName: 'Table 3', expiresAt: EXPIRY, at: ms(0) };
const table = (id: string, heldByYouUntil: Date | null): HeldTableFacts => ({
  id,
  name: `Table ${id.slice(1)}`,
  heldByYouUntil: heldByYouUntil?.toISOString() ?? null,
});
const run = (...actions: SeatHoldAction[]): SeatHoldState => actions.reduce(seatHoldReducer, initialSeatHold(at(0)));
/** What a test looks at: the held table, whether it is confirming, and the expired table. */
const seen = (s: SeatHoldState) => ({
  hold: s.hold?.tableId ?? null,
  confirming: s.confirming,
  expired: s.expired?.tableId ?? null,
});

describe('the seat-selection hold', () => {
  it.each<[string, SeatHoldAction[], ReturnType<typeof seen>]>([
    ['nothing is held at first', [], { hold: null, confirming: false, expired: null }],
    ['picking holds the table the server answered', [held], { hold: 't3', confirming: false, expired: null }],
    [
      'the clock ticking before the expiry keeps it',
      [held, { type: 'tick', now: at(179) }],
      { hold: 't3', confirming: false, expired: null },
    ],
    [
      'at the expiry the selection clears, and the page is told it ran out',
      [held, { type: 'tick', now: at(180) }],
      { hold: null, confirming: false, expired: 't3' },
    ],
    [
      'Cancel lets it go without an expiry',
      [held, { type: 'cancel' }],
      { hold: null, confirming: false, expired: null },
    ],
    [
      'a read made after the hold that no longer shows it: the server let it go',
      [held, { type: 'read', tables: [table('t3', null)], at: ms(5) }],
      { hold: null, confirming: false, expired: 't3' },
    ],
    [
      'a read made after the hold that still shows it keeps it',
      [held, { type: 'read', tables: [table('t3', EXPIRY)], at: ms(5) }],
      { hold: 't3', confirming: false, expired: null },
    ],
    [
      'a read older than the hold knows nothing of it yet, and changes nothing',
      [held, { type: 'read', tables: [table('t3', null)], at: ms(0) }],
      { hold: 't3', confirming: false, expired: null },
    ],
    [
      'once Confirm is pressed, a read without the hold is the seating, not an expiry',
      [held, { type: 'confirm' }, { type: 'read', tables: [], at: ms(5) }],
      { hold: 't3', confirming: true, expired: null },
    ],
    [
      'once Confirm is pressed, the clock running out is no expiry either',
      [held, { type: 'confirm' }, { type: 'tick', now: at(200) }],
      { hold: 't3', confirming: true, expired: null },
    ],
    [
      'a refused confirm clears the selection',
      [held, { type: 'confirm' }, { type: 'confirmRefused' }],
      { hold: null, confirming: false, expired: null },
    ],
    [
      'a reload takes up the hold the server knows of',
      [{ type: 'read', tables: [table('t2', null), table('t3', EXPIRY)], at: ms(30) }],
      { hold: 't3', confirming: false, expired: null },
    ],
    [
      'a hold let go is not taken up again from a read made before the server let go of it',
      [held, { type: 'cancel' }, { type: 'read', tables: [table('t3', EXPIRY)], at: ms(1) }],
      { hold: null, confirming: false, expired: null },
    ],
    [
      'a new hold of the same table (another expiry) is taken up',
      [held, { type: 'cancel' }, { type: 'read', tables: [table('t3', at(240))], at: ms(60) }],
      { hold: 't3', confirming: false, expired: null },
    ],
    [
      'a new pick after an expiry holds again',
      [held, { type: 'tick', now: at(181) }, { ...held, tableId: 't5', expiresAt: at(400), at: ms(200) }],
      { hold: 't5', confirming: false, expired: 't3' },
    ],
  ])('%s', (_name, actions, expected) => expect(seen(run(...actions))).toEqual(expected));

  it('a hold taken up from a read counts as learned just before it, so the next read is newer', () => {
    const state = run({ type: 'read', tables: [table('t3', EXPIRY)], at: ms(30) });
    expect(state.hold).toEqual({ tableId: 't3', tableName: 'Table 3', expiresAt: EXPIRY, since: ms(30) - 1 });
    expect(seen(seatHoldReducer(state, { type: 'read', tables: [], at: ms(30) })).expired).toBe('t3');
  });

  it('a hold counts down from when it was learned, however long the page was open before', () => {
    const learned = [held, { type: 'read', tables: [table('t3', EXPIRY)], at: ms(-60) }] as const;
    const picked = seatHoldReducer(initialSeatHold(at(-600)), learned[0]);
    expect(picked.hold && holdCountdown(picked.hold.expiresAt, picked.now).text).toBe('3:00');
    const reloaded = seatHoldReducer(initialSeatHold(at(-600)), learned[1]);
    expect(reloaded.hold && holdCountdown(reloaded.hold.expiresAt, reloaded.now).text).toBe('4:00');
    // The clock never goes back.
    expect(seatHoldReducer(initialSeatHold(at(10)), held).now).toEqual(at(10));
  });

  it('the countdown reads the clock the reducer keeps', () => {
    const state = run(held, { type: 'tick', now: at(55) });
    expect(state.now).toEqual(at(55));
    expect(state.hold && holdCountdown(state.hold.expiresAt, state.now).text).toBe('2:05');
  });

  it('changes nothing it need not: a tick keeps the hold object, an extra confirm the whole state', () => {
    const state = run(held);
    expect(seatHoldReducer(state, { type: 'tick', now: at(1) }).hold).toBe(state.hold);
    const confirming = seatHoldReducer(state, { type: 'confirm' });
    expect(seatHoldReducer(confirming, { type: 'confirm' })).toBe(confirming);
    expect(seatHoldReducer(initialSeatHold(at(0)), { type: 'cancel' })).toEqual(initialSeatHold(at(0)));
  });
});
