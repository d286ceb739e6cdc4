import { describe, expect, it } from 'vitest';
import { TABLE_STATES } from '../constants.js';
import type { TableState } from '../schemas/entities.js';
import {
  AVAILABLE_TABLE_STATES,
  occupancyLevel,
  occupancyPercent,
  TABLE_STATE_LABELS,
  tableMove,
  tableStateColor,
  tableTransition,
  tableTriggersFrom,
} from './tables.js';

describe('floor-map colours and labels', () => {
  it.each<[TableState, string]>([
    ['EMPTY', 'green'],
    ['HOLD_SOFT', 'purple'],
    ['OCCUPIED', 'red'],
    ['ORDERING', 'red'],
    ['EATING', 'amber'],
    ['PAYING', 'orange'],
    ['PAYMENT_VERIFIED', 'green'],
    ['CLEANING', 'yellow'],
    ['QA_CHECK', 'yellow'],
    ['RESERVED', 'blue'],
    ['ASSISTANCE_REQUESTED', 'grey'],
    ['EXIT_PENDING', 'grey'],
    ['PAYMENT_DUE', 'grey'],
    ['HOLD', 'grey'],
    ['MAINTENANCE', 'grey'],
  ])('%s is %s', (state, color) => expect(tableStateColor(state)).toBe(color));

  it('every state has a label; HOLD_SOFT reads Hold and PAYMENT_VERIFIED reads Paid', () => {
    for (const s of TABLE_STATES) expect(TABLE_STATE_LABELS[s]).toMatch(/\w/);
    expect(TABLE_STATE_LABELS.HOLD_SOFT).toBe('Hold');
    expect(TABLE_STATE_LABELS.PAYMENT_VERIFIED).toBe('Paid');
  });
});

describe('occupancy', () => {
  it.each([
    [100, 'High', 'red'],
    [81, 'High', 'red'],
    [80, 'Moderate', 'amber'],
    [61, 'Moderate', 'amber'],
    [60, 'Available', 'green'],
    [0, 'Available', 'green'],
  ])('%i %% is %s (%s)', (percent, level, color) => expect(occupancyLevel(percent)).toEqual({ level, color }));

  it('counts seated parties over all tables', () => {
    expect(occupancyPercent(['OCCUPIED', 'EATING', 'EMPTY', 'CLEANING'])).toBe(50);
    expect(occupancyPercent(['RESERVED', 'HOLD_SOFT', 'EMPTY'])).toBe(0);
    expect(occupancyPercent([])).toBe(0);
  });
});

describe('the table state machine', () => {
  it.each<[TableState, Parameters<typeof tableTransition>[1], Parameters<typeof tableTransition>[2], TableState]>([
    // guest hold and confirm (spec 3 section 4)
    ['EMPTY', 'hold', 'guest', 'HOLD_SOFT'],
    ['HOLD_SOFT', 'releaseHold', 'guest', 'EMPTY'],
    ['HOLD_SOFT', 'holdExpired', 'automation', 'EMPTY'],
    ['HOLD_SOFT', 'confirmSeat', 'guest', 'OCCUPIED'],
    ['EMPTY', 'checkIn', 'guest', 'OCCUPIED'],
    // host and service
    ['RESERVED', 'seat', 'staff', 'OCCUPIED'],
    ['OCCUPIED', 'startOrdering', 'staff', 'ORDERING'],
    ['ORDERING', 'serveFood', 'staff', 'EATING'],
    ['EATING', 'requestBill', 'guest', 'PAYING'],
    ['PAYING', 'verifyPayment', 'staff', 'PAYMENT_VERIFIED'],
    // turnover automation
    ['EATING', 'paymentCompleted', 'automation', 'PAYMENT_VERIFIED'],
    ['PAYING', 'paymentCompleted', 'automation', 'PAYMENT_VERIFIED'],
    ['PAYMENT_VERIFIED', 'partyLeft', 'automation', 'CLEANING'],
    ['PAYMENT_VERIFIED', 'partyLeftOwed', 'automation', 'EXIT_PENDING'],
    ['EXIT_PENDING', 'partyLeft', 'automation', 'CLEANING'],
    ['CLEANING', 'cleaningCompleted', 'automation', 'QA_CHECK'],
    ['QA_CHECK', 'qaPassed', 'automation', 'EMPTY'],
    ['QA_CHECK', 'qaFailed', 'automation', 'CLEANING'],
    ['EATING', 'emergencyClean', 'automation', 'CLEANING'],
    ['EMPTY', 'maintenanceRequired', 'automation', 'MAINTENANCE'],
    ['EATING', 'abandonedSession', 'automation', 'CLEANING'],
  ])('%s --%s (%s)--> %s', (from, trigger, actor, to) => {
    expect(tableTransition(from, trigger, actor)).toEqual({ ok: true, to });
  });

  it.each<[TableState, Parameters<typeof tableTransition>[1], Parameters<typeof tableTransition>[2], string]>([
    ['OCCUPIED', 'hold', 'guest', 'Cannot hold a table that is Occupied'],
    ['HOLD_SOFT', 'hold', 'guest', 'Cannot hold a table that is Hold'],
    ['EMPTY', 'confirmSeat', 'guest', 'Cannot confirm a table that is Empty'],
    ['RESERVED', 'checkIn', 'guest', 'Cannot check in at a table that is Reserved'],
    ['CLEANING', 'checkIn', 'guest', 'Cannot check in at a table that is Cleaning'],
    ['EATING', 'cleaningCompleted', 'automation', 'Cannot finish cleaning a table that is Eating'],
    ['CLEANING', 'qaPassed', 'automation', 'Cannot pass QA for a table that is Cleaning'],
    ['EMPTY', 'paymentCompleted', 'automation', 'Cannot mark paid a table that is Empty'],
    ['PAYMENT_VERIFIED', 'paymentCompleted', 'automation', 'Cannot mark paid a table that is Paid'],
    ['EATING', 'partyLeft', 'automation', 'Cannot turn over a table that is Eating'],
    ['EXIT_PENDING', 'partyLeftOwed', 'automation', 'Cannot mark the party left at a table that is Exit Pending'],
    ['MAINTENANCE', 'emergencyClean', 'automation', 'Cannot emergency-clean a table that is Maintenance'],
  ])('refuses %s --%s (%s): %s', (from, trigger, actor, reason) => {
    expect(tableTransition(from, trigger, actor)).toEqual({ ok: false, reason });
  });

  it('refuses a trigger its actor may not fire, naming the actor', () => {
    const result = tableTransition('EMPTY', 'reserve', 'guest');
    expect(result).toEqual({ ok: false, reason: 'The guest may not reserve a table' });
    expect(tableTransition('PAYING', 'paymentCompleted', 'guest').ok).toBe(false);
    expect(tableTransition('PAYMENT_VERIFIED', 'partyLeft', 'staff').ok).toBe(false);
  });

  it('lists the moves an actor has and finds a trigger for a direct move', () => {
    expect(tableTriggersFrom('QA_CHECK', 'automation')).toEqual(
      expect.arrayContaining(['qaPassed', 'qaFailed', 'emergencyClean', 'maintenanceRequired']),
    );
    expect(tableTriggersFrom('EMPTY', 'guest')).toEqual(['hold', 'checkIn']);
    expect(tableMove('EMPTY', 'OCCUPIED', 'staff')).toEqual({ ok: true, to: 'OCCUPIED', trigger: 'seat' });
    expect(tableMove('EMPTY', 'EATING', 'staff')).toEqual({
      ok: false,
      reason: 'Cannot move to Eating a table that is Empty',
    });
  });

  it('a guest is seated at an empty table by checking in, or at the table they hold by confirming', () => {
    const seatable = TABLE_STATES.flatMap((s) => {
      const r = tableMove(s, 'OCCUPIED', 'guest');
      return r.ok ? [[s, r.trigger]] : [];
    });
    expect(seatable).toEqual([
      ['EMPTY', 'checkIn'],
      ['HOLD_SOFT', 'confirmSeat'],
    ]);
    // The host, not a guest's QR scan, seats a reserved table.
    expect(tableMove('RESERVED', 'OCCUPIED', 'staff')).toMatchObject({ ok: true, trigger: 'seat' });
    expect(tableTransition('EMPTY', 'checkIn', 'staff')).toEqual({
      ok: false,
      reason: 'The staff may not check in at a table',
    });
  });

  it('a table is available for a new party where a guest may check in, which is where one may hold it', () => {
    expect(AVAILABLE_TABLE_STATES).toEqual(['EMPTY']);
    expect(TABLE_STATES.filter((s) => tableTransition(s, 'hold', 'guest').ok)).toEqual(AVAILABLE_TABLE_STATES);
  });

  it('a full turn of the table returns to EMPTY', () => {
    const steps = [
      ['hold', 'guest'],
      ['confirmSeat', 'guest'],
      ['startOrdering', 'guest'],
      ['serveFood', 'automation'],
      ['requestBill', 'guest'],
      ['verifyPayment', 'automation'],
      ['partyLeft', 'automation'],
      ['cleaningCompleted', 'staff'],
      ['qaPassed', 'staff'],
    ] as const;
    let state: TableState = 'EMPTY';
    for (const [trigger, actor] of steps) {
      const r = tableTransition(state, trigger, actor);
      if (!r.ok) throw new Error(r.reason);
      state = r.to;
    }
    expect(state).toBe('EMPTY');
  });
});
