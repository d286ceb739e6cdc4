// Payments & Exits (spec 2 section 2.1): a row per payment waiting for staff, per payment verified
// in the last half hour (Verified) and per table waiting for its exit, with its amount, age,
// urgency and who was assigned. Verify is the payments screen's own call.
import {
  assigneesByTable,
  DASHBOARD_TEXTS,
  displayMoney,
  type Payment,
  paymentExitRows,
  type Table,
} from '@tablewise/shared';
import { useState } from 'react';
import { useChangePayment } from '../../../api/change-payment.js';
import { useTasks } from '../../../api/get-tasks.js';
import { AssignDialog } from './assign-dialog.js';

export function PaymentsExitsPanel(props: { payments: readonly Payment[]; tables: readonly Table[]; now: Date }) {
  const tasks = useTasks();
  const verify = useChangePayment();
  const [collapsed, setCollapsed] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [assigning, setAssigning] = useState<{ id: string; name: string; about: string } | null>(null);
  const rows = paymentExitRows(props.payments, props.tables, assigneesByTable(tasks.data ?? []), props.now);
  const shown = collapsed ? rows.filter((r) => !r.resolved) : rows;
  const chosen =
    rows.find((r) => r.key === selected && r.tableId !== null) ?? rows.find((r) => !r.resolved && r.tableId);
  const h = DASHBOARD_TEXTS.columns;
  return (
    <section className="panel" data-testid="dashboard-payments">
      <div className="dash-panel-head">
        <h2>{DASHBOARD_TEXTS.tabs.payments}</h2>
        <button
          type="button"
          className="button"
          onClick={() => setCollapsed((c) => !c)}
          data-testid="collapse-resolved"
        >
          {collapsed ? DASHBOARD_TEXTS.showResolved : DASHBOARD_TEXTS.collapseResolved}
        </button>
        <button
          type="button"
          className="button"
          disabled={!chosen}
          title={chosen ? undefined : DASHBOARD_TEXTS.assignNeedsTable}
          onClick={() =>
            chosen?.tableId &&
            setAssigning({
              id: chosen.tableId,
              name: chosen.tableName ?? '',
              about: chosen.kind === 'exit' ? 'exit' : 'payment',
            })
          }
          data-testid="assign-staff"
        >
          {DASHBOARD_TEXTS.assignStaff}
        </button>
      </div>
      {shown.length === 0 ? (
        <p className="empty">{DASHBOARD_TEXTS.noPayments}</p>
      ) : (
        <table className="dash-table">
          <thead>
            <tr>
              <th scope="col">{h.table}</th>
              <th scope="col">{h.amount}</th>
              <th scope="col">{h.age}</th>
              <th scope="col">{h.urgency}</th>
              <th scope="col">{h.staff}</th>
              <th scope="col">
                <span className="visually-hidden">{DASHBOARD_TEXTS.verify}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr
                key={r.key}
                data-testid="payment-exit-row"
                data-urgency={r.urgency}
                aria-selected={chosen?.key === r.key}
                onClick={() => setSelected(r.key)}
                className={r.resolved ? 'resolved' : ''}
              >
                <td>
                  <strong>{r.tableName ?? '—'}</strong>
                  {r.kind === 'exit' && <span className="muted"> · {DASHBOARD_TEXTS.exitRow}</span>}
                </td>
                <td>{r.amountCents === null ? '—' : displayMoney(r.amountCents)}</td>
                <td>{DASHBOARD_TEXTS.ageMinutes(r.ageMinutes)}</td>
                <td>
                  <span className="urgency" data-urgency={r.urgency}>
                    {DASHBOARD_TEXTS.urgency[r.urgency]}
                  </span>
                </td>
                <td>{r.assignee ?? <span className="muted">{DASHBOARD_TEXTS.unassigned}</span>}</td>
                <td>
                  {r.resolved ? (
                    <span className="badge">{DASHBOARD_TEXTS.verified}</span>
                  ) : r.payment?.orderId ? (
                    <button
                      type="button"
                      className="button primary dash-act"
                      disabled={verify.isPending}
                      data-testid="payment-verify"
                      onClick={(e) => {
                        e.stopPropagation();
                        if (r.payment) verify.mutate({ payment: r.payment, action: 'verify' });
                      }}
                    >
                      {DASHBOARD_TEXTS.verify}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {assigning && (
        <AssignDialog
          tableId={assigning.id}
          tableName={assigning.name}
          about={assigning.about}
          onClose={() => setAssigning(null)}
        />
      )}
    </section>
  );
}
