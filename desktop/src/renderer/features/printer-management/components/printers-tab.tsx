import { createPrinter, PRINTER_TEXTS, type Printer } from '@tablewise/shared';
import { useState } from 'react';
import { useMayCall } from '../../../app/may-call.js';
import { useTerminalStatus } from '../../../app/terminal-status.js';
import { usePrinters } from '../api/get-printers.js';
import { useTerminals } from '../api/get-terminals.js';
import { useRemovePrinter } from '../api/save-printer.js';
import { PrinterForm } from './printer-form.js';

/** Where the printer is reached: host:port on the network, or its USB device. */
function address(p: Printer): string {
  return p.connection === 'usb'
    ? `${PRINTER_TEXTS.connections.usb} ${p.host ?? ''}`
    : `${p.host ?? ''}${p.port !== null ? `:${p.port}` : ''}`;
}

/** `onTerminal`: printers are added and changed on the cloud's staff app; null while unknown. Only
 * who may change the venue's settings is offered Add, Edit and Remove (the kitchen reads the list). */
export function PrintersTab({ onTerminal }: { onTerminal: boolean | null }) {
  const printers = usePrinters();
  const manage = useMayCall(createPrinter);
  const terminals = useTerminals(manage);
  const remove = useRemovePrinter();
  const self = useTerminalStatus().data?.terminalId ?? null;
  const [editing, setEditing] = useState<Printer | 'new' | null>(null);
  if (printers.isPending) return <p className="page-status">{PRINTER_TEXTS.loading}</p>;
  if (printers.isError) return <p className="page-status">{PRINTER_TEXTS.loadFailed}</p>;
  const list = printers.data;
  const nameOf = (id: string | null) => list.find((p) => p.id === id)?.name ?? PRINTER_TEXTS.noBackup;
  const terminalName = (id: string | null) => {
    if (id === null) return PRINTER_TEXTS.noTerminal;
    if (id === self) return PRINTER_TEXTS.thisTerminal;
    return terminals.data?.find((t) => t.id === id)?.name ?? PRINTER_TEXTS.otherTerminal;
  };
  return (
    <div className="pm-printers">
      {manage ? (
        <div className="pm-toolbar">
          <button type="button" className="button primary" onClick={() => setEditing('new')} data-testid="pm-add">
            {PRINTER_TEXTS.addPrinter}
          </button>
        </div>
      ) : (
        onTerminal !== null && (
          <p className="muted pm-note">{onTerminal ? PRINTER_TEXTS.manageOnCloud : PRINTER_TEXTS.manageByManager}</p>
        )
      )}
      {list.length === 0 ? (
        <p className="empty">{PRINTER_TEXTS.noPrinters}</p>
      ) : (
        <div className="pm-table-wrap">
          <table className="stats-table pm-table" aria-label={PRINTER_TEXTS.tabs.printers}>
            <thead>
              <tr>
                <th>{PRINTER_TEXTS.columns.name}</th>
                <th>{PRINTER_TEXTS.columns.location}</th>
                <th>{PRINTER_TEXTS.columns.type}</th>
                <th>{PRINTER_TEXTS.columns.status}</th>
                <th>{PRINTER_TEXTS.columns.station}</th>
                <th>{PRINTER_TEXTS.columns.connection}</th>
                <th>{PRINTER_TEXTS.columns.terminal}</th>
                <th>{PRINTER_TEXTS.columns.backup}</th>
                {manage && <th>{PRINTER_TEXTS.columns.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.id} data-testid="pm-printer" data-printer-id={p.id}>
                  <td data-label={PRINTER_TEXTS.columns.name}>
                    <strong>{p.name}</strong>
                  </td>
                  <td data-label={PRINTER_TEXTS.columns.location}>{p.location ?? ''}</td>
                  <td data-label={PRINTER_TEXTS.columns.type}>{p.type}</td>
                  <td data-label={PRINTER_TEXTS.columns.status}>
                    <span className="badge pm-status" data-status={p.status} data-testid="pm-printer-status">
                      {PRINTER_TEXTS.statuses[p.status]}
                    </span>
                  </td>
                  <td data-label={PRINTER_TEXTS.columns.station}>{p.station ?? PRINTER_TEXTS.receiptStation}</td>
                  <td data-label={PRINTER_TEXTS.columns.connection}>{address(p)}</td>
                  <td data-label={PRINTER_TEXTS.columns.terminal}>{terminalName(p.terminalId)}</td>
                  <td data-label={PRINTER_TEXTS.columns.backup}>{nameOf(p.backupPrinterId)}</td>
                  {manage && (
                    <td>
                      <div className="pm-actions">
                        <button type="button" className="button" onClick={() => setEditing(p)}>
                          {PRINTER_TEXTS.editPrinter}
                        </button>
                        <button
                          type="button"
                          className="button danger"
                          disabled={remove.isPending}
                          onClick={() => {
                            if (window.confirm(PRINTER_TEXTS.removeConfirm(p.name))) remove.mutate(p.id);
                          }}
                        >
                          {PRINTER_TEXTS.removePrinter}
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing !== null && (
        <PrinterForm
          printer={editing === 'new' ? null : editing}
          printers={list}
          terminals={terminals.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
