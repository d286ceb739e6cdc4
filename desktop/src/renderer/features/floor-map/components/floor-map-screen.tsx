// The floor map (spec 2 section 2.2, issue 25): the live floor for everyone, and for staff who may
// manage tables a Manager Mode that opens the designer over the venue's saved layout. Save is
// optimistic (a 409 names who saved first and offers Reload); Publish makes the tables.
import {
  EMPTY_LAYOUT,
  FLOOR_MESSAGES,
  FLOOR_TEXTS,
  type FloorLayout,
  holdsPermission,
  saveFloorLayout,
} from '@tablewise/shared';
import { useEffect, useRef, useState } from 'react';
import {
  useFloorLayout,
  useFloorTables,
  usePublishedLayout,
  usePublishLayout,
  useSaveLayout,
} from '../../../api/floor-layout.js';
import { useMe } from '../../../api/get-me.js';
import { ApiError } from '../../../app/api-client.js';
import { useAppTier, useMayCall } from '../../../app/may-call.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { LiveFloor } from '../../../components/live-floor.js';
import { Designer } from '../../../floor-designer/designer.js';
import { withoutChairs } from '../../../floor-designer/editing.js';
import { DesignStore } from '../../../floor-designer/history.js';
import { useFloorTemplates, useSaveTemplate } from '../api/floor-templates.js';
import { useRestoreVersion } from '../api/layout-versions.js';
import { VersionsPanel } from './versions-panel.js';

function problemOf(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return String(error);
}

export function FloorMapScreen() {
  const me = useMe();
  // The designer saves to the cloud: offered where the server takes a layout, to who may manage
  // tables; a manager on a terminal is told editing needs the cloud (the live floor works here).
  const canManage = useMayCall(saveFloorLayout);
  const tier = useAppTier();
  const mayManageElsewhere =
    !canManage && tier === 'terminal' && !!me.data && holdsPermission(me.data.principal, 'MANAGE_TABLES');
  const [managerMode, setManagerMode] = useState(false);
  const saved = useFloorLayout();
  const tables = useFloorTables();
  const published = usePublishedLayout();
  const save = useSaveLayout();
  const publish = usePublishLayout();
  const restore = useRestoreVersion();
  const templates = useFloorTemplates();
  const saveTemplate = useSaveTemplate();
  const store = useRef<DesignStore | null>(null);
  const [base, setBase] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The version whose Restore waits for the word that the draft's unsaved changes may go. */
  const [restoring, setRestoring] = useState<number | null>(null);

  const current = saved.data?.current ?? null;
  // The designer opens on the saved layout once; a later read (someone else saved) waits for Reload.
  if (saved.data && !store.current) {
    store.current = new DesignStore(withoutChairs(current?.layout ?? EMPTY_LAYOUT));
  }
  useEffect(() => {
    if (saved.data && base === null && current) setBase(current.version);
  }, [saved.data, base, current]);

  const reload = async () => {
    const fresh = await saved.refetch();
    const latest = fresh.data?.current ?? null;
    store.current?.load(withoutChairs(latest?.layout ?? EMPTY_LAYOUT));
    setBase(latest?.version ?? null);
    setProblem(null);
    setStatus(null);
  };

  const saveDraft = async (): Promise<number | null> => {
    const s = store.current;
    if (!s) return null;
    const layout: FloorLayout = s.get();
    try {
      const v = await save.mutateAsync({ baseVersion: base, layout });
      setBase(v.version);
      s.saved(v.layout);
      setProblem(null);
      setStatus(FLOOR_TEXTS.saved(v.version));
      return v.version;
    } catch (error) {
      setProblem(problemOf(error));
      return null;
    }
  };

  const publishDraft = async () => {
    const version = store.current?.dirty || base === null ? await saveDraft() : base;
    if (version === null) return;
    try {
      const answer = await publish.mutateAsync(version);
      setBase(answer.version.version);
      store.current?.saved(answer.version.layout);
      setProblem(null);
      setStatus(FLOOR_TEXTS.published(answer.version.version));
    } catch (error) {
      setProblem(problemOf(error));
    }
  };

  // An older version saved again as the newest: the designer opens on it with a new history.
  const restoreVersion = async (version: number, confirmed = false) => {
    if (store.current?.dirty && !confirmed) {
      setRestoring(version);
      return;
    }
    setRestoring(null);
    try {
      const v = await restore.mutateAsync({ version, baseVersion: base });
      store.current?.load(withoutChairs(v.layout));
      setBase(v.version);
      setProblem(null);
      setStatus(FLOOR_TEXTS.restored(version, v.version));
    } catch (error) {
      setProblem(problemOf(error));
    }
  };

  return (
    <section className="floor-map-screen">
      <header className="screen-header floor-map-header">
        <h1>{FLOOR_TEXTS.title}</h1>
        {canManage ? (
          <label className="toggle manager-toggle">
            <input
              type="checkbox"
              role="switch"
              aria-checked={managerMode}
              checked={managerMode}
              onChange={(e) => setManagerMode(e.target.checked)}
            />
            {FLOOR_TEXTS.managerMode}: {managerMode ? FLOOR_TEXTS.on : FLOOR_TEXTS.off}
          </label>
        ) : mayManageElsewhere ? (
          <p className="muted" data-testid="floor-needs-cloud">
            {FLOOR_MESSAGES.editingNeedsCloud}
          </p>
        ) : null}
      </header>
      {managerMode && canManage ? (
        saved.isError ? (
          <p className="form-error" role="alert">
            {FLOOR_MESSAGES.editingNeedsCloud}
          </p>
        ) : store.current ? (
          <>
            <Designer
              store={store.current}
              onSave={() => void saveDraft()}
              onPublish={() => void publishDraft()}
              onReload={() => void reload()}
              busy={save.isPending || publish.isPending || restore.isPending}
              status={status}
              problem={problem}
              templates={templates.data?.templates}
              onSaveTemplate={saveTemplate}
            />
            <VersionsPanel
              base={base}
              busy={save.isPending || publish.isPending || restore.isPending}
              onRestore={(v) => void restoreVersion(v)}
            />
            {restoring !== null ? (
              <ConfirmDialog
                question={FLOOR_TEXTS.restoreDiscards}
                action={FLOOR_TEXTS.restore}
                busy={restore.isPending}
                onCancel={() => setRestoring(null)}
                onConfirm={() => void restoreVersion(restoring, true)}
              />
            ) : null}
          </>
        ) : (
          <p>…</p>
        )
      ) : (
        <LiveFloor layout={published} tables={tables.data ?? []} />
      )}
    </section>
  );
}
