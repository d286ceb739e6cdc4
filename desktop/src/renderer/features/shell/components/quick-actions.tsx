// The shell's quick actions (spec 1 section 2): Generate Table QR, Send Alert, Request Cleaning,
// each a dialog the sidebar, the phone's More sheet and the dashboard open alike.
import {
  ALERT_URGENCIES,
  SHELL_MESSAGES,
  type ShellQuickActionId,
  type Table,
  TURNOVER_TASK_PRIORITY,
  type TurnoverPriority,
} from '@tablewise/shared';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useSendAlert } from '../../../api/send-alert.js';
import { toastMessage } from '../../../app/api-client.js';
import { useOnTerminal } from '../../../app/terminal-status.js';
import { useQrImage } from '../../../components/use-qr-image.js';
import { useRequestCleaning } from '../api/create-task.js';
import { useExitQr } from '../api/get-exit-qr.js';
import { useTableQr, useTablesToChoose } from '../api/get-table-qr.js';
import { usePrintTableQr, useReceiptPrinters } from '../api/print-table-qr.js';

function TableChoice(props: {
  tables: readonly Table[];
  value: string | null;
  onChange: (id: string | null) => void;
  /** Choices after the tables (Generate Table QR offers the venue's exit code). */
  extra?: ReactNode;
}) {
  return (
    <label>
      {SHELL_MESSAGES.chooseTable}
      <select
        data-testid="quick-table"
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">{SHELL_MESSAGES.chooseTablePlaceholder}</option>
        {props.tables.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
        {props.extra}
      </select>
    </label>
  );
}

/** The choice in Generate Table QR that stands for the venue's exit code rather than a table. */
const EXIT_CHOICE = 'exit';

function TableQrDialog({ onClose }: { onClose: () => void }) {
  const tables = useTablesToChoose();
  const [choice, setChoice] = useState<string | null>(null);
  const exit = choice === EXIT_CHOICE;
  const tableId = exit ? null : choice;
  const tableQr = useTableQr(tableId);
  const exitQr = useExitQr(exit);
  const qr = exit ? exitQr : tableQr;
  const image = useQrImage(qr.data?.url);
  const table = tables.data?.find((t) => t.id === tableId);
  const caption = exit ? SHELL_MESSAGES.exitQrCaption : table ? SHELL_MESSAGES.tableQrCaption(table.number) : null;
  // A receipt printer is driven by a terminal: only there can the code go to paper directly.
  const onTerminal = useOnTerminal() === true;
  const printers = useReceiptPrinters(onTerminal);
  const [printerId, setPrinterId] = useState<string | null>(null);
  const printer = printers.data?.find((p) => p.id === printerId) ?? printers.data?.[0];
  const printOnPrinter = usePrintTableQr();

  return (
    <div className="dialog-backdrop">
      <div className="dialog qr-dialog" role="dialog" aria-label={SHELL_MESSAGES.tableQrTitle} data-testid="qr-dialog">
        <h2>{SHELL_MESSAGES.tableQrTitle}</h2>
        <TableChoice
          tables={tables.data ?? []}
          value={choice}
          onChange={setChoice}
          extra={<option value={EXIT_CHOICE}>{SHELL_MESSAGES.exitQrOption}</option>}
        />
        {qr.isError && (
          <p className="field-problem" role="alert" data-testid="qr-error">
            {toastMessage(qr.error, SHELL_MESSAGES.tableQrNeedsCloud)}
          </p>
        )}
        {choice && qr.isPending && <p className="empty">{SHELL_MESSAGES.loadingQr}</p>}
        {image && caption && qr.data && (
          <figure className="qr-sheet" data-testid="qr-sheet">
            <img src={image} alt={caption} data-testid="qr-image" />
            <figcaption>{caption}</figcaption>
          </figure>
        )}
        {onTerminal && tableId && (printers.data?.length ?? 0) > 0 && (
          <label>
            {SHELL_MESSAGES.receiptPrinter}
            <select data-testid="qr-printer" value={printer?.id ?? ''} onChange={(e) => setPrinterId(e.target.value)}>
              {printers.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {SHELL_MESSAGES.close}
          </button>
          {onTerminal && tableId && printer && (
            <button
              type="button"
              className="button"
              disabled={!image || !tableId || printOnPrinter.isPending}
              onClick={() => tableId && printOnPrinter.mutate({ tableId, printer })}
              data-testid="qr-print-receipt"
            >
              {SHELL_MESSAGES.printQrOnPrinter}
            </button>
          )}
          <button
            type="button"
            className="button primary"
            disabled={!image}
            onClick={() => window.print()}
            data-testid="qr-print"
          >
            {SHELL_MESSAGES.printQr}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The quick actions this build has a dialog for; the others keep the spec's console entry. */
export const BUILT_QUICK_ACTIONS: ReadonlySet<ShellQuickActionId> = new Set([
  'generate-table-qr',
  'request-cleaning',
  'send-alert',
]);

const PRIORITIES: readonly TurnoverPriority[] = ['normal', 'high', 'urgent'];

function RequestCleaningDialog({ onClose }: { onClose: () => void }) {
  const tables = useTablesToChoose();
  const [tableId, setTableId] = useState<string | null>(null);
  const [priority, setPriority] = useState<TurnoverPriority>('normal');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One id per request: a second tap asks once.
  const requestId = useRef(crypto.randomUUID());
  const request = useRequestCleaning();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const table = tables.data?.find((t) => t.id === tableId);
    if (!table) {
      setProblem(SHELL_MESSAGES.chooseTableFirst);
      return;
    }
    setProblem(null);
    request.mutate(
      { id: requestId.current, table, priority: TURNOVER_TASK_PRIORITY[priority], description: note.trim() },
      { onSuccess: onClose },
    );
  };

  return (
    <div className="dialog-backdrop">
      <form
        className="dialog"
        aria-label={SHELL_MESSAGES.requestCleaningTitle}
        data-testid="cleaning-dialog"
        onSubmit={submit}
        noValidate
      >
        <h2>{SHELL_MESSAGES.requestCleaningTitle}</h2>
        <TableChoice
          tables={tables.data ?? []}
          value={tableId}
          onChange={(id) => {
            setTableId(id);
            setProblem(null);
          }}
        />
        {problem && <span className="field-problem">{problem}</span>}
        <label>
          {SHELL_MESSAGES.cleaningPriority}
          <select
            data-testid="cleaning-priority"
            value={priority}
            onChange={(e) => setPriority(e.target.value as TurnoverPriority)}
          >
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {SHELL_MESSAGES.cleaningPriorities[p]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {SHELL_MESSAGES.cleaningNote}
          <textarea
            data-testid="cleaning-note"
            value={note}
            maxLength={500}
            rows={3}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {SHELL_MESSAGES.cancel}
          </button>
          <button type="submit" className="button primary" disabled={request.isPending} data-testid="cleaning-submit">
            {SHELL_MESSAGES.requestCleaningSubmit}
          </button>
        </div>
      </form>
    </div>
  );
}

type Urgency = (typeof ALERT_URGENCIES)[number];

function SendAlertDialog({ onClose }: { onClose: () => void }) {
  const tables = useTablesToChoose();
  const [message, setMessage] = useState('');
  const [urgency, setUrgency] = useState<Urgency>('MEDIUM');
  const [tableId, setTableId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendAlert();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') {
      setProblem(SHELL_MESSAGES.alertMessageRequired);
      return;
    }
    setProblem(null);
    send.mutate({ message: message.trim(), urgency, tableId: tableId ?? undefined }, { onSuccess: onClose });
  };

  return (
    <div className="dialog-backdrop">
      <form
        className="dialog"
        aria-label={SHELL_MESSAGES.sendAlertTitle}
        data-testid="alert-dialog"
        onSubmit={submit}
        noValidate
      >
        <h2>{SHELL_MESSAGES.sendAlertTitle}</h2>
        <label>
          {SHELL_MESSAGES.alertMessage}
          <input
            ref={field}
            data-testid="alert-message"
            value={message}
            maxLength={200}
            placeholder={SHELL_MESSAGES.alertMessagePlaceholder}
            onChange={(e) => {
              setMessage(e.target.value);
              setProblem(null);
            }}
          />
          {problem && <span className="field-problem">{problem}</span>}
        </label>
        <label>
          {SHELL_MESSAGES.alertUrgency}
          <select data-testid="alert-urgency" value={urgency} onChange={(e) => setUrgency(e.target.value as Urgency)}>
            {ALERT_URGENCIES.map((u) => (
              <option key={u} value={u}>
                {SHELL_MESSAGES.alertUrgencies[u]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {SHELL_MESSAGES.alertTable}
          <select
            data-testid="alert-table"
            value={tableId ?? ''}
            onChange={(e) => setTableId(e.target.value === '' ? null : e.target.value)}
          >
            <option value="">{SHELL_MESSAGES.alertNoTable}</option>
            {(tables.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {SHELL_MESSAGES.cancel}
          </button>
          <button type="submit" className="button primary" disabled={send.isPending} data-testid="alert-submit">
            {SHELL_MESSAGES.sendAlertSubmit}
          </button>
        </div>
      </form>
    </div>
  );
}

export function QuickActionDialog({ action, onClose }: { action: ShellQuickActionId; onClose: () => void }) {
  switch (action) {
    case 'generate-table-qr':
      return <TableQrDialog onClose={onClose} />;
    case 'request-cleaning':
      return <RequestCleaningDialog onClose={onClose} />;
    case 'send-alert':
      return <SendAlertDialog onClose={onClose} />;
    default: {
      const never: never = action;
      throw new Error(`Unknown quick action ${String(never)}`);
    }
  }
}
