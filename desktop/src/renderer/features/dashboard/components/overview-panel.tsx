// The Overview's Quick Actions and Alerts panel (spec 2 section 2.1): each button acts through the
// same hook as the screen that owns the action.
import {
  DASHBOARD_TEXTS,
  isWaitingForStaff,
  type Payment,
  populateDemo,
  type Table,
  tableStateLabel,
  tablesNeedingAttention,
} from '@tablewise/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useChangePayment } from '../../../api/change-payment.js';
import { useTasks } from '../../../api/get-tasks.js';
import { usePopulateDemo } from '../../../api/populate-demo.js';
import { useSendAlert } from '../../../api/send-alert.js';
import { useCompleteTask, useStartTask } from '../../../api/task-actions.js';
import { useMayCall } from '../../../app/may-call.js';
import { useShell } from '../../../app/shell-context.js';
import { AssignDialog } from './assign-dialog.js';

function CleaningDialog({ tables, onClose }: { tables: readonly Table[]; onClose(): void }) {
  const tasks = useTasks();
  const name = (id: string | null) => tables.find((t) => t.id === id)?.name ?? '';
  const start = useStartTask();
  const complete = useCompleteTask(name);
  const open = (tasks.data ?? []).filter((t) => t.type === 'CLEAN' && t.status !== 'COMPLETED');
  const busy = start.isPending || complete.isPending;
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="dialog"
        aria-label={DASHBOARD_TEXTS.cleaningTitle}
        data-testid="cleaning-complete-dialog"
      >
        <h2>{DASHBOARD_TEXTS.cleaningTitle}</h2>
        {tasks.isSuccess && open.length === 0 && <p className="empty">{DASHBOARD_TEXTS.noCleaning}</p>}
        <ul className="dash-list">
          {open.map((t) => (
            <li key={t.id} className="dash-row">
              <strong>{name(t.targetTableId)}</strong>
              <span className="muted">{t.status.replace('_', ' ').toLowerCase()}</span>
              <button
                type="button"
                className="button primary dash-act"
                disabled={busy}
                data-testid="cleaning-complete"
                onClick={async () => {
                  // a task still PENDING is started first, as the cleaner console would
                  if (t.status === 'PENDING') await start.mutateAsync(t.id);
                  complete.mutate(t.id);
                }}
              >
                {DASHBOARD_TEXTS.markComplete}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="button" onClick={onClose}>
          {DASHBOARD_TEXTS.close}
        </button>
      </div>
    </div>
  );
}

export function QuickActionsGrid({ tables, onVerify }: { tables: readonly Table[]; onVerify(): void }) {
  const { features, runQuickAction } = useShell();
  const populate = usePopulateDemo();
  // Offered only to who may load it, where the server loads it (the cloud: it seeds the venue).
  const mayPopulate = useMayCall(populateDemo);
  const [cleaning, setCleaning] = useState(false);
  const built = new Set(features.map((f) => f.path));
  const links: { title: string; to: string }[] = [
    { title: DASHBOARD_TEXTS.addWalkIn, to: '/waitlist' },
    { title: DASHBOARD_TEXTS.addReservation, to: '/reservations' },
    { title: DASHBOARD_TEXTS.viewWaitlist, to: '/waitlist' },
    { title: DASHBOARD_TEXTS.kitchenDisplay, to: '/kitchen-display' },
  ];
  return (
    <section className="panel">
      <h2>{DASHBOARD_TEXTS.quickActions}</h2>
      <div className="quick-grid" data-testid="dashboard-quick-actions">
        {links
          .filter((l) => built.has(l.to))
          .map((l) => (
            <Link
              key={l.title}
              className="button"
              to={
                l.title === DASHBOARD_TEXTS.addWalkIn || l.title === DASHBOARD_TEXTS.addReservation
                  ? `${l.to}?add=1`
                  : l.to
              }
            >
              {l.title}
            </Link>
          ))}
        <button type="button" className="button" onClick={() => runQuickAction('send-alert')}>
          {DASHBOARD_TEXTS.sendAlert}
        </button>
        <button type="button" className="button" onClick={() => setCleaning(true)} data-testid="quick-cleaning">
          {DASHBOARD_TEXTS.markCleaningComplete}
        </button>
        <button type="button" className="button" onClick={onVerify} data-testid="quick-verify">
          {DASHBOARD_TEXTS.verifyPayment}
        </button>
        {mayPopulate ? (
          <button
            type="button"
            className="button"
            onClick={() => populate.mutate()}
            disabled={populate.isPending}
            data-testid="quick-demo"
          >
            {DASHBOARD_TEXTS.loadDemoData}
          </button>
        ) : null}
      </div>
      {cleaning && <CleaningDialog tables={tables} onClose={() => setCleaning(false)} />}
    </section>
  );
}

export function AlertsPanel({ tables, payments }: { tables: readonly Table[]; payments: readonly Payment[] }) {
  const alerts = tablesNeedingAttention(tables, payments);
  const verify = useChangePayment();
  const alert = useSendAlert();
  const [assigning, setAssigning] = useState<Table | null>(null);
  return (
    <section className="panel" data-testid="dashboard-alerts">
      <h2>{DASHBOARD_TEXTS.alerts}</h2>
      {alerts.length === 0 ? (
        <p className="empty">{DASHBOARD_TEXTS.noAlerts}</p>
      ) : (
        <ul className="dash-list">
          {alerts.map((t) => {
            const waiting = payments.find((p) => p.tableName === t.name && isWaitingForStaff(p) && p.orderId);
            return (
              <li key={t.id} className="dash-row" data-testid="dash-alert-row">
                <strong>{t.name}</strong>
                <span>{tableStateLabel(t.state)}</span>
                {t.partyName && <span className="muted">{t.partyName}</span>}
                <span className="dash-actions">
                  {waiting && (
                    <button
                      type="button"
                      className="button primary dash-act"
                      disabled={verify.isPending}
                      onClick={() => verify.mutate({ payment: waiting, action: 'verify' })}
                    >
                      {DASHBOARD_TEXTS.verify}
                    </button>
                  )}
                  <button type="button" className="button dash-act" onClick={() => setAssigning(t)}>
                    {DASHBOARD_TEXTS.assign}
                  </button>
                  <button
                    type="button"
                    className="button dash-act"
                    disabled={alert.isPending}
                    onClick={() =>
                      alert.mutate({
                        message: DASHBOARD_TEXTS.alertAbout(t.name, tableStateLabel(t.state)),
                        urgency: 'HIGH',
                        tableId: t.id,
                      })
                    }
                  >
                    {DASHBOARD_TEXTS.alertStaff}
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {assigning && (
        <AssignDialog
          tableId={assigning.id}
          tableName={assigning.name}
          about="alert"
          onClose={() => setAssigning(null)}
        />
      )}
    </section>
  );
}
