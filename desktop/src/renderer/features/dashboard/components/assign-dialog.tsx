// Assign: who on the floor takes a table (a payment to verify, an exit, an alert). The floor staff
// on duty are the runners list (GET /api/runners); the choice is a RUN task naming them.
import { DASHBOARD_TEXTS } from '@tablewise/shared';
import { useEffect, useRef } from 'react';
import { useAssignStaff } from '../../../api/assign-staff.js';
import { useRunners } from '../../../api/get-runners.js';

interface Props {
  tableId: string;
  tableName: string;
  about: string;
  onClose(): void;
}

export function AssignDialog({ tableId, tableName, about, onClose }: Props) {
  const runners = useRunners();
  const assign = useAssignStaff();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const list = runners.data ?? [];
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="dialog"
        aria-label={DASHBOARD_TEXTS.assignTitle(tableName)}
        data-testid="assign-dialog"
      >
        <h2>{DASHBOARD_TEXTS.assignTitle(tableName)}</h2>
        <p className="muted">{DASHBOARD_TEXTS.assignHint}</p>
        {runners.isSuccess && list.length === 0 && <p className="empty">{DASHBOARD_TEXTS.noRunners}</p>}
        <div className="dash-choices">
          {list.map((r, i) => (
            <button
              key={r.id}
              ref={i === 0 ? first : undefined}
              type="button"
              className="button"
              data-testid="assign-choice"
              disabled={assign.isPending}
              onClick={() =>
                assign.mutate({ tableId, tableName, runnerId: r.id, runnerName: r.name, about }, { onSuccess: onClose })
              }
            >
              {r.name}
            </button>
          ))}
        </div>
        <button type="button" className="button" onClick={onClose}>
          {DASHBOARD_TEXTS.close}
        </button>
      </div>
    </div>
  );
}
