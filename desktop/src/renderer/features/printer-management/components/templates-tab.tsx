import { PRINTER_TEXTS, paperLineText, type TicketLine } from '@tablewise/shared';
import { useMemo } from 'react';
import { templates } from './template-samples.js';

/** One laid-out line as paper shows it: its characters, its size, weight and alignment. */
function PaperLine({ line }: { line: TicketLine }) {
  const text = paperLineText(line);
  if (line.kind !== 'text') return <div className={`pm-line pm-${line.kind}`}>{text}</div>;
  return (
    <div className={`pm-line pm-${line.size} pm-${line.align}${line.bold ? ' pm-bold' : ''}`}>{text || '\u00a0'}</div>
  );
}

export function TemplatesTab() {
  const list = useMemo(templates, []);
  return (
    <div className="pm-templates">
      <p className="muted">{PRINTER_TEXTS.templatesIntro}</p>
      <div className="pm-template-grid">
        {list.map((t) => (
          <figure key={t.id} className="pm-template" data-testid="pm-template" data-template={t.id}>
            <figcaption>{PRINTER_TEXTS.templateNames[t.id]}</figcaption>
            <div className="pm-paper" data-testid="pm-paper">
              {t.lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a ticket's lines never reorder
                <PaperLine key={i} line={line} />
              ))}
            </div>
          </figure>
        ))}
      </div>
    </div>
  );
}
