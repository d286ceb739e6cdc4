// The kitchen's printers (issue 7): a banner while a printer of the shown station (every printer for
// All Stations) is faulty, and each ticket that may have printed with its decision. On the cloud
// (a manager working remotely) the same banner shows what the terminals reported; the decision is
// taken at the terminal that drives the printer, which is the one that can print the copy.
import { KITCHEN_TEXTS, KitchenTicket, type Printer, type PrintJob, ticketTime } from '@tablewise/shared';
import { useOnTerminal } from '../../../app/terminal-status.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useDecidePrintJob } from '../api/decide-print-job.js';
import { usePrintJobs } from '../api/get-print-jobs.js';
import { usePrinters } from '../api/get-printers.js';

type FaultyState = keyof typeof KITCHEN_TEXTS.printerStates;

function faultyState(printer: Printer): FaultyState | null {
  return printer.status in KITCHEN_TEXTS.printerStates ? (printer.status as FaultyState) : null;
}

function servesStation(printer: Printer | undefined, station: string | null): boolean {
  if (station === null) return true;
  return printer?.station?.toLowerCase() === station.toLowerCase();
}

/** What the ticket was and when it went to the printer, as the venue reads the time. */
function describeJob(job: PrintJob, printerName: string, clock: (at: string) => string): string {
  const ticket = job.type === 'kitchen_ticket' ? KitchenTicket.safeParse(safeJson(job.data)) : null;
  if (ticket?.success) {
    const { tableName, timezone } = ticket.data;
    // The table's name as the floor calls it ("Table 12", "Patio 21"), as the ticket printed it.
    return KITCHEN_TEXTS.printUnconfirmedJob(
      tableName ?? KITCHEN_TEXTS.table(null),
      printerName,
      ticketTime(new Date(job.createdAt), timezone),
    );
  }
  return KITCHEN_TEXTS.printUnconfirmedJob(KITCHEN_TEXTS.printTestPage, printerName, clock(job.createdAt));
}

function safeJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/** `station` is the station shown, or null for All Stations. */
export function PrinterBanner({ station }: { station: string | null }) {
  const printers = usePrinters();
  const jobs = usePrintJobs();
  const decide = useDecidePrintJob();
  const onTerminal = useOnTerminal();
  const clock = useVenueClock();
  if (!printers.data) return null;
  const byId = new Map(printers.data.map((p) => [p.id, p] as const));
  const faulty = printers.data.filter((p) => servesStation(p, station) && faultyState(p) !== null);
  const unconfirmed = (jobs.data ?? [])
    .filter((j) => j.status === 'UNCONFIRMED' && servesStation(byId.get(j.printerId), station))
    .reverse();
  if (faulty.length === 0 && unconfirmed.length === 0) return null;
  return (
    <section className="printer-banner" data-testid="printer-banner" aria-live="polite">
      {faulty.map((printer) => (
        <p key={printer.id} className="printer-fault" role="alert" data-testid="printer-fault">
          <strong>
            {KITCHEN_TEXTS.printerProblem(
              printer.name,
              KITCHEN_TEXTS.printerStates[faultyState(printer) as FaultyState],
            )}
          </strong>{' '}
          {KITCHEN_TEXTS.printerWaiting}
        </p>
      ))}
      {unconfirmed.map((job) => {
        const busy = decide.isPending && decide.variables?.id === job.id;
        return (
          <div
            key={job.id}
            className="printer-decision"
            role="alert"
            data-testid="unconfirmed-job"
            data-job-id={job.id}
          >
            <div>
              <strong>{KITCHEN_TEXTS.printUnconfirmed}</strong>
              <span>{describeJob(job, byId.get(job.printerId)?.name ?? job.printerName, clock)}</span>
              {job.error && <span className="printer-decision-error">{job.error}</span>}
            </div>
            {onTerminal === false ? (
              <p className="printer-decision-where">{KITCHEN_TEXTS.printDecideAtTerminal}</p>
            ) : (
              <div className="printer-decision-actions">
                <button
                  type="button"
                  className="button primary"
                  disabled={busy}
                  onClick={() => decide.mutate({ id: job.id, decision: 'reprint' })}
                >
                  {KITCHEN_TEXTS.reprint}
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => decide.mutate({ id: job.id, decision: 'markPrinted' })}
                >
                  {KITCHEN_TEXTS.markPrinted}
                </button>
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}
