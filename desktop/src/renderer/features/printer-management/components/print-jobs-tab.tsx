import { KitchenTicket, PRINTER_TEXTS, type PrinterStatus, type PrintJob } from '@tablewise/shared';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useActOnPrintJob } from '../api/act-on-print-job.js';
import { usePrintJobs } from '../api/get-print-jobs.js';
import { usePrinters } from '../api/get-printers.js';

/** Printer states in which nothing is sent to it: its jobs wait. */
const WAITING_STATES: readonly PrinterStatus[] = ['OFFLINE', 'ERROR', 'PAPER_OUT', 'COVER_OPEN'];

function safeJson(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What a job prints, in a few words: the table and items of a ticket, a test page's text, whose slip. */
function jobSummary(job: PrintJob): string {
  const data = safeJson(job.data);
  if (!data) return '';
  if (job.type === 'kitchen_ticket') {
    const ticket = KitchenTicket.safeParse(data);
    if (!ticket.success) return '';
    const count = ticket.data.items.reduce((n, i) => n + i.quantity, 0);
    const items = ticket.data.items.map((i) => `${i.quantity} x ${i.name}`).join(', ');
    return `${ticket.data.tableName ?? ''} · #${ticket.data.orderId.slice(-8)} · ${count}: ${items}`;
  }
  const first = [data.content, data.tableNumber, data.guestName, data.period, data.tableName].find(
    (v) => typeof v === 'string' && v !== '',
  );
  return typeof first === 'string' ? (first.split('\n')[0] ?? '') : '';
}

export function PrintJobsTab({ onTerminal }: { onTerminal: boolean | null }) {
  const clock = useVenueClock();
  const jobs = usePrintJobs();
  const printers = usePrinters();
  const act = useActOnPrintJob();
  if (jobs.isPending) return <p className="page-status">{PRINTER_TEXTS.loading}</p>;
  if (jobs.isError) return <p className="page-status">{PRINTER_TEXTS.loadFailed}</p>;
  if (jobs.data.length === 0) return <p className="empty">{PRINTER_TEXTS.noJobs}</p>;
  const busy = (id: string) => act.isPending && act.variables?.id === id;
  const waitingOn = (job: PrintJob) => {
    if (job.status !== 'PENDING') return null;
    const status = printers.data?.find((p) => p.id === job.printerId)?.status;
    return status && WAITING_STATES.includes(status) ? PRINTER_TEXTS.statuses[status] : null;
  };
  return (
    <div className="pm-table-wrap">
      <table className="stats-table pm-table" aria-label={PRINTER_TEXTS.tabs.jobs}>
        <thead>
          <tr>
            <th>{PRINTER_TEXTS.columns.type}</th>
            <th>{PRINTER_TEXTS.columns.printer}</th>
            <th>{PRINTER_TEXTS.columns.status}</th>
            <th>{PRINTER_TEXTS.columns.data}</th>
            <th>{PRINTER_TEXTS.columns.created}</th>
            <th>{PRINTER_TEXTS.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {jobs.data.map((job) => (
            <tr key={job.id} data-testid="pm-job" data-job-id={job.id} data-status={job.status}>
              <td data-label={PRINTER_TEXTS.columns.type}>
                {PRINTER_TEXTS.jobTypes[job.type]}
                {job.reprint && <span className="badge pm-reprint">{PRINTER_TEXTS.reprint}</span>}
              </td>
              <td data-label={PRINTER_TEXTS.columns.printer}>{job.printerName}</td>
              <td data-label={PRINTER_TEXTS.columns.status}>
                <span className="badge pm-status" data-status={job.status} data-testid="pm-job-status">
                  {PRINTER_TEXTS.jobStatuses[job.status]}
                </span>
                {job.error && <span className="pm-error">{job.error}</span>}
                {!job.error && waitingOn(job) && (
                  <span className="pm-error">{PRINTER_TEXTS.waitingForPrinter(waitingOn(job) as string)}</span>
                )}
              </td>
              <td data-label={PRINTER_TEXTS.columns.data} className="pm-data">
                {jobSummary(job)}
              </td>
              <td data-label={PRINTER_TEXTS.columns.created}>
                <time dateTime={job.createdAt}>{clock(job.createdAt, { withDate: true })}</time>
              </td>
              <td>
                <div className="pm-actions">
                  {(job.status === 'FAILED' || job.status === 'UNCONFIRMED') && onTerminal === false && (
                    <span className="muted">{PRINTER_TEXTS.decideAtTerminal}</span>
                  )}
                  {job.status === 'FAILED' && onTerminal && (
                    <button
                      type="button"
                      className="button primary"
                      disabled={busy(job.id)}
                      onClick={() => act.mutate({ id: job.id, action: 'retry' })}
                    >
                      {PRINTER_TEXTS.retry}
                    </button>
                  )}
                  {job.status === 'UNCONFIRMED' && onTerminal && (
                    <>
                      <button
                        type="button"
                        className="button primary"
                        disabled={busy(job.id)}
                        onClick={() => act.mutate({ id: job.id, action: 'reprint' })}
                      >
                        {PRINTER_TEXTS.reprint}
                      </button>
                      <button
                        type="button"
                        className="button"
                        disabled={busy(job.id)}
                        onClick={() => act.mutate({ id: job.id, action: 'markPrinted' })}
                      >
                        {PRINTER_TEXTS.markPrinted}
                      </button>
                    </>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
