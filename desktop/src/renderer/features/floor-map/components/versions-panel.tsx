// The floor's saved versions under the designer (issue 25): who saved each and when (the venue's
// clock), what it holds, which one is published, and Restore, which saves an older version again
// as the newest. Read only when opened.
import { FLOOR_TEXTS } from '@tablewise/shared';
import { useState } from 'react';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useLayoutVersions } from '../api/layout-versions.js';

export function VersionsPanel(props: { base: number | null; busy: boolean; onRestore: (version: number) => void }) {
  const [open, setOpen] = useState(false);
  const versions = useLayoutVersions(open);
  const clock = useVenueClock();
  return (
    <section className="versions-panel" data-testid="versions-panel">
      <button
        type="button"
        className="button"
        aria-expanded={open}
        data-testid="versions-toggle"
        onClick={() => setOpen((o) => !o)}
      >
        {FLOOR_TEXTS.versions}
      </button>
      {open && versions.data ? (
        <ol className="versions-list">
          {versions.data.map((v) => (
            <li key={v.version} className="version-row" data-testid="layout-version" data-version={v.version}>
              <div className="version-what">
                <strong>{FLOOR_TEXTS.versionLine(v.version, v.savedBy, clock(v.savedAt, { withDate: true }))}</strong>
                <span className="muted">
                  {FLOOR_TEXTS.versionCounts(v.tables, v.zones)}
                  {v.note ? ` · ${v.note}` : ''}
                </span>
              </div>
              <div className="version-actions">
                {v.publishedAt ? <span className="badge">{FLOOR_TEXTS.publishedBadge}</span> : null}
                {v.version === props.base ? (
                  <span className="badge">{FLOOR_TEXTS.openBadge}</span>
                ) : (
                  <button
                    type="button"
                    className="button"
                    disabled={props.busy}
                    aria-label={`${FLOOR_TEXTS.restore} ${v.version}`}
                    onClick={() => props.onRestore(v.version)}
                  >
                    {FLOOR_TEXTS.restore}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      ) : open ? (
        <p className="muted">…</p>
      ) : null}
    </section>
  );
}
