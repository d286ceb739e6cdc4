// Printer management (spec 2 section 2.12, issue 10): Printers with their live state (added,
// changed and removed from the cloud), Print Jobs with Retry and the decision on a job that may
// have printed, Templates drawn by the same layout code that makes the printer's bytes, and the
// test-print form.
import { PRINTER_TEXTS } from '@tablewise/shared';
import { useState } from 'react';
import { useOnTerminal } from '../../../app/terminal-status.js';
import { TabBar } from '../../../components/tab-bar.js';
import { PrintJobsTab } from './print-jobs-tab.js';
import { PrintersTab } from './printers-tab.js';
import { TemplatesTab } from './templates-tab.js';
import { TestPrintForm } from './test-print-form.js';

type Tab = keyof typeof PRINTER_TEXTS.tabs;

export function PrinterManagementScreen() {
  const [tab, setTab] = useState<Tab>('printers');
  const onTerminal = useOnTerminal();
  return (
    <section className="printer-management">
      <div className="page-head">
        <h1>{PRINTER_TEXTS.title}</h1>
      </div>
      <TabBar
        options={Object.keys(PRINTER_TEXTS.tabs) as Tab[]}
        value={tab}
        onChange={setTab}
        labelOf={(t) => PRINTER_TEXTS.tabs[t]}
      />
      <div role="tabpanel" className="pm-panel">
        {tab === 'printers' && <PrintersTab onTerminal={onTerminal} />}
        {tab === 'jobs' && <PrintJobsTab onTerminal={onTerminal} />}
        {tab === 'templates' && <TemplatesTab />}
      </div>
      {tab !== 'templates' && <TestPrintForm onTerminal={onTerminal} />}
    </section>
  );
}
