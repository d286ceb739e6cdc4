// The setup checklist (issue 24): each step done or not by the venue's real data, with a way to
// the screen that does it.
import { SETUP_TEXTS, type SetupStepId } from '@tablewise/shared';
import { Link } from 'react-router-dom';
import { useRecordQrSheet, useSetupChecklist } from '../api/get-setup-checklist.js';

/** Where each step is done in the staff app; the QR step is done here. */
const STEP_LINKS: Record<SetupStepId, string | null> = {
  'venue-settings': '/admin/venues',
  tables: '/host-console',
  menu: '/menu-management',
  printers: '/printer-management',
  terminal: '/printer-management',
  staff: null,
  'table-qr': null,
  'test-order': '/menu-orders',
};

export function SetupChecklistScreen() {
  const checklist = useSetupChecklist();
  const qr = useRecordQrSheet();
  const steps = checklist.data?.steps ?? [];
  const done = steps.filter((s) => s.done).length;
  return (
    <div className="page" data-testid="setup-checklist">
      <div className="page-head">
        <div>
          <h1>{SETUP_TEXTS.title}</h1>
          {checklist.data && (
            <p className="muted" data-testid="setup-progress">
              {done === steps.length ? SETUP_TEXTS.allDone : SETUP_TEXTS.subtitle(done, steps.length)}
            </p>
          )}
        </div>
      </div>
      {checklist.isError && (
        <p className="form-error" role="alert">
          {checklist.error.message}
        </p>
      )}
      <ol className="checklist">
        {steps.map((step) => {
          const text = SETUP_TEXTS.steps[step.id];
          const link = STEP_LINKS[step.id];
          return (
            <li
              key={step.id}
              className={`checklist-step${step.done ? ' done' : ''}`}
              data-testid={`setup-step-${step.id}`}
              data-done={step.done}
            >
              <span className="checklist-mark" aria-hidden="true">
                {step.done ? '✓' : ''}
              </span>
              <span className="checklist-text">
                <strong>{text.title}</strong>
                <span className="muted">{text.detail}</span>
                <span className="checklist-status">{step.done ? SETUP_TEXTS.done : SETUP_TEXTS.notDone}</span>
              </span>
              {step.id === 'table-qr' ? (
                <button type="button" className="button" disabled={qr.isPending} onClick={() => qr.mutate()}>
                  {SETUP_TEXTS.printQrSheet}
                </button>
              ) : link ? (
                <Link className="button" to={link} aria-label={`${SETUP_TEXTS.open}: ${text.title}`}>
                  {SETUP_TEXTS.open}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
