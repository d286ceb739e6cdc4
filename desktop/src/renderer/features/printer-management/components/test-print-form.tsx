import { MESSAGES, PRINTER_TEXTS } from '@tablewise/shared';
import { useState } from 'react';
import { usePrinters } from '../api/get-printers.js';
import { useSendTestPrint } from '../api/send-test-print.js';

/** Spec 2 section 5: both a printer and content, or the spec's message and the button disabled. */
export function TestPrintForm({ onTerminal }: { onTerminal: boolean | null }) {
  const printers = usePrinters();
  const send = useSendTestPrint();
  const [printerId, setPrinterId] = useState('');
  const [content, setContent] = useState('');
  const printer = printers.data?.find((p) => p.id === printerId) ?? null;
  const missing = printer === null || content.trim() === '';
  const canSend = onTerminal === true && !missing && !send.isPending;
  return (
    <form
      className="pm-test"
      aria-label={PRINTER_TEXTS.testPrint}
      onSubmit={(e) => {
        e.preventDefault();
        if (canSend && printer) send.mutate({ printer, content }, { onSuccess: () => setContent('') });
      }}
    >
      <h2>{PRINTER_TEXTS.testPrint}</h2>
      <label>
        {PRINTER_TEXTS.testPrinter}
        <select data-testid="pm-test-printer" value={printerId} onChange={(e) => setPrinterId(e.target.value)}>
          <option value="">{PRINTER_TEXTS.choosePrinter}</option>
          {printers.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {PRINTER_TEXTS.testContent}
        <textarea
          data-testid="pm-test-content"
          value={content}
          maxLength={1000}
          rows={3}
          placeholder={PRINTER_TEXTS.testContentPlaceholder}
          onChange={(e) => setContent(e.target.value)}
        />
      </label>
      {missing && (
        <p className="field-problem" role="status" data-testid="pm-test-missing">
          {MESSAGES.testPrintMissing}
        </p>
      )}
      {onTerminal === false && <p className="muted">{PRINTER_TEXTS.testOnTerminal}</p>}
      <button type="submit" className="button primary" disabled={!canSend} data-testid="pm-test-send">
        {PRINTER_TEXTS.sendTest}
      </button>
    </form>
  );
}
