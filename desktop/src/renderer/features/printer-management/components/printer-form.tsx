// Add or edit a printer: its name and place, station (none: receipts), network host and port or
// USB device, the terminal that drives it and its backup. Checked by the same schema as the cloud.
import {
  NewPrinter,
  PRINTER_CONNECTIONS,
  PRINTER_TEXTS,
  PRINTING,
  type Printer,
  type Terminal,
} from '@tablewise/shared';
import { type FormEvent, useState } from 'react';
import { useSavePrinter } from '../api/save-printer.js';

type Connection = (typeof PRINTER_CONNECTIONS)[number];

interface Values {
  name: string;
  location: string;
  type: string;
  station: string;
  connection: Connection;
  host: string;
  port: string;
  terminalId: string;
  backupPrinterId: string;
}

function valuesOf(p: Printer | null): Values {
  return {
    name: p?.name ?? '',
    location: p?.location ?? '',
    type: p?.type ?? 'thermal',
    station: p?.station ?? '',
    connection: p?.connection ?? 'tcp',
    host: p?.host ?? '',
    port: p?.port !== null && p?.port !== undefined ? String(p.port) : String(PRINTING.defaultPort),
    terminalId: p?.terminalId ?? '',
    backupPrinterId: p?.backupPrinterId ?? '',
  };
}

function portOf(v: Values): number | null {
  if (v.connection === 'usb' || v.port.trim() === '') return null;
  const n = Number(v.port);
  return Number.isFinite(n) ? n : Number.NaN;
}

export function PrinterForm({
  printer,
  printers,
  terminals,
  onClose,
}: {
  printer: Printer | null;
  printers: readonly Printer[];
  terminals: readonly Terminal[];
  onClose: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(printer));
  const [problems, setProblems] = useState<Partial<Record<keyof Values, string>>>({});
  const save = useSavePrinter();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // What was wrong with a field is no longer said once it is changed.
    setProblems(({ [key]: _, ...rest }) => rest as typeof problems);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      name: values.name.trim(),
      location: values.location.trim() === '' ? null : values.location.trim(),
      type: values.type.trim(),
      station: values.station.trim() === '' ? null : values.station.trim(),
      connection: values.connection,
      host: values.host.trim() === '' ? null : values.host.trim(),
      port: portOf(values),
      terminalId: values.terminalId === '' ? null : values.terminalId,
      backupPrinterId: values.backupPrinterId === '' ? null : values.backupPrinterId,
    };
    const parsed = NewPrinter.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Values;
        next[field] ??= issue.message;
      }
      setProblems(next);
      return;
    }
    setProblems({});
    const done = { onSuccess: onClose };
    if (printer === null) save.mutate({ id: null, printer: input }, done);
    else save.mutate({ id: printer.id, change: input }, done);
  };

  const title = printer === null ? PRINTER_TEXTS.addPrinter : printer.name;
  const problem = (field: keyof Values) => problems[field] && <span className="field-problem">{problems[field]}</span>;
  return (
    <div className="dialog-backdrop">
      <form className="dialog pm-form" aria-label={title} onSubmit={submit} noValidate>
        <h2>{title}</h2>
        <label>
          {PRINTER_TEXTS.fields.name}
          <input
            data-testid="pm-name"
            value={values.name}
            maxLength={60}
            onChange={(e) => set('name', e.target.value)}
          />
          {problem('name')}
        </label>
        <div className="form-row">
          <label>
            {PRINTER_TEXTS.fields.location}
            <input value={values.location} maxLength={100} onChange={(e) => set('location', e.target.value)} />
          </label>
          <label>
            {PRINTER_TEXTS.fields.type}
            <input value={values.type} maxLength={40} onChange={(e) => set('type', e.target.value)} />
            {problem('type')}
          </label>
        </div>
        <label>
          {PRINTER_TEXTS.fields.station}
          <input
            data-testid="pm-station"
            value={values.station}
            maxLength={100}
            onChange={(e) => set('station', e.target.value)}
          />
        </label>
        <div className="form-row">
          <label>
            {PRINTER_TEXTS.fields.connection}
            <select
              data-testid="pm-connection"
              value={values.connection}
              onChange={(e) => set('connection', e.target.value as Connection)}
            >
              {PRINTER_CONNECTIONS.map((c) => (
                <option key={c} value={c}>
                  {PRINTER_TEXTS.connections[c]}
                </option>
              ))}
            </select>
          </label>
          {values.connection === 'tcp' && (
            <label>
              {PRINTER_TEXTS.fields.port}
              <input
                data-testid="pm-port"
                inputMode="numeric"
                value={values.port}
                onChange={(e) => set('port', e.target.value)}
              />
              {problem('port')}
            </label>
          )}
        </div>
        <label>
          {values.connection === 'usb' ? PRINTER_TEXTS.fields.device : PRINTER_TEXTS.fields.host}
          <input
            data-testid="pm-host"
            value={values.host}
            maxLength={255}
            placeholder={values.connection === 'usb' ? '/dev/usb/lp0' : '192.168.1.50'}
            onChange={(e) => set('host', e.target.value)}
          />
          {problem('host')}
        </label>
        <div className="form-row">
          <label>
            {PRINTER_TEXTS.fields.terminal}
            <select
              data-testid="pm-terminal"
              value={values.terminalId}
              onChange={(e) => set('terminalId', e.target.value)}
            >
              <option value="">{PRINTER_TEXTS.noTerminal}</option>
              {terminals.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {PRINTER_TEXTS.fields.backup}
            <select
              data-testid="pm-backup"
              value={values.backupPrinterId}
              onChange={(e) => set('backupPrinterId', e.target.value)}
            >
              <option value="">{PRINTER_TEXTS.noBackup}</option>
              {printers
                .filter((p) => p.id !== printer?.id)
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
            </select>
          </label>
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {PRINTER_TEXTS.cancel}
          </button>
          <button type="submit" className="button primary" disabled={save.isPending} data-testid="pm-save">
            {PRINTER_TEXTS.save}
          </button>
        </div>
      </form>
    </div>
  );
}
