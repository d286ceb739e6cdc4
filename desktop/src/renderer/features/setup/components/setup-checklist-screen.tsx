// The setup checklist (issue 24): each step done or not by the venue's real data, with a way to
// the screen that does it.
import { defaultQrSheetSize, QR_SHEET_SIZES, type QrSheetSize, SETUP_TEXTS, type SetupStepId } from '@tablewise/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useRecordQrSheet, useSetupChecklist, useTableQrCodes } from '../api/get-setup-checklist.js';
import { qrSheetPdf } from '../qr-sheet-pdf.js';
import { EntranceQrPanel } from './entrance-qr-panel.js';

/** Where each step is done in the staff app; the QR step is done here. */
const STEP_LINKS: Record<SetupStepId, string | null> = {
  'venue-settings': '/admin/venues',
  tables: '/floor-map',
  menu: '/menu-management',
  printers: '/printer-management',
  terminal: '/printer-management',
  staff: '/staff',
  'table-qr': null,
  'test-order': '/menu-orders',
};

/** The QR step: the paper, and the sheet made and downloaded as a PDF; then the step is done. */
function QrSheetStep() {
  const codes = useTableQrCodes();
  const record = useRecordQrSheet();
  const [size, setSize] = useState<QrSheetSize | null>(null);
  const [making, setMaking] = useState(false);
  const [status, setStatus] = useState<{ text: string; problem: boolean } | null>(null);
  const paper = size ?? (codes.data ? defaultQrSheetSize(codes.data.timezone) : 'a4');
  const make = async () => {
    const sheet = codes.data ?? (await codes.refetch()).data;
    if (!sheet) return;
    if (sheet.codes.length === 0) {
      setStatus({ text: SETUP_TEXTS.qrSheetNoTables, problem: true });
      return;
    }
    setMaking(true);
    try {
      const bytes = await qrSheetPdf(sheet, paper);
      const href = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
      const link = document.createElement('a');
      link.href = href;
      link.download = SETUP_TEXTS.qrSheetFile;
      link.click();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
      record.mutate();
      setStatus({ text: SETUP_TEXTS.qrSheetReady(sheet.codes.length), problem: false });
    } catch (error) {
      setStatus({ text: error instanceof Error ? error.message : String(error), problem: true });
    } finally {
      setMaking(false);
    }
  };
  return (
    <span className="qr-sheet-step">
      <label>
        {SETUP_TEXTS.paperSize}
        <select data-testid="qr-sheet-paper" value={paper} onChange={(e) => setSize(e.target.value as QrSheetSize)}>
          {QR_SHEET_SIZES.map((s) => (
            <option key={s} value={s}>
              {SETUP_TEXTS.paperSizes[s]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button"
        disabled={making}
        onClick={() => void make()}
        data-testid="qr-sheet-print"
      >
        {making ? SETUP_TEXTS.makingQrSheet : SETUP_TEXTS.printQrSheet}
      </button>
      {status && (
        <span className={status.problem ? 'form-error' : 'muted'} role="status" data-testid="qr-sheet-status">
          {status.text}
        </span>
      )}
    </span>
  );
}

export function SetupChecklistScreen() {
  const checklist = useSetupChecklist();
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
                <QrSheetStep />
              ) : link ? (
                <Link className="button" to={link} aria-label={`${SETUP_TEXTS.open}: ${text.title}`}>
                  {SETUP_TEXTS.open}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ol>
      <EntranceQrPanel />
    </div>
  );
}
