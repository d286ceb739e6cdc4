// Seat (choose a table): the host picks the table a party sits at. Every table is listed with its
// state colour (spec 2 section 4); those the one table state machine lets the host seat can be
// chosen, free tables the party fits first. Shared by the waitlist, reservations and host console.
import {
  floorStateLabel,
  partySizeLabel,
  SEATING_TEXTS,
  seatChoices,
  type Table,
  tableStateColor,
} from '@tablewise/shared';
import { useEffect, useRef } from 'react';

interface Props {
  party: string;
  partySize: number;
  tables: readonly Table[] | undefined;
  busy: boolean;
  onChoose(tableId: string): void;
  onClose(): void;
}

export function SeatTableDialog({ party, partySize, tables, busy, onChoose, onClose }: Props) {
  const first = useRef<HTMLButtonElement>(null);
  const choices = seatChoices(tables ?? [], partySize);
  useEffect(() => first.current?.focus(), []);
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog seat-dialog"
        role="dialog"
        aria-label={SEATING_TEXTS.title(party)}
        data-testid="seat-dialog"
      >
        <h2>{SEATING_TEXTS.title(party)}</h2>
        <p className="seat-hint">
          {partySizeLabel(partySize)} · {SEATING_TEXTS.hint}
        </p>
        {tables && tables.length === 0 && <p className="empty">{SEATING_TEXTS.noTables}</p>}
        <ul className="seat-choices">
          {choices.map(({ table, canSeat, fits }, i) => (
            <li key={table.id}>
              <button
                type="button"
                ref={i === 0 && canSeat ? first : undefined}
                className="seat-choice"
                data-color={tableStateColor(table.state)}
                data-testid="seat-choice"
                data-table-id={table.id}
                disabled={!canSeat || busy}
                onClick={() => onChoose(table.id)}
              >
                <strong>{table.name}</strong>
                <span>{SEATING_TEXTS.seats(table.capacityMax)}</span>
                <span className="state-chip" data-color={tableStateColor(table.state)}>
                  {floorStateLabel(table.state)}
                </span>
                {canSeat && !fits && <span className="seat-warning">{SEATING_TEXTS.tooSmall}</span>}
              </button>
            </li>
          ))}
        </ul>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {SEATING_TEXTS.cancel}
          </button>
        </div>
      </div>
    </div>
  );
}
