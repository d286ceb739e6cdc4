// The designer (spec 2 section 2.2, Manager Mode on): toolbar, Component Library, canvas and
// Properties, with undo and redo, the + and - keys, Save (a 409 names who saved first) and
// Publish, Export and Import (checked by the layout file's schema).
import {
  type Bundle,
  chairChoices,
  FLOOR_DESIGN,
  FLOOR_TEXTS,
  type FloorComponent,
  type FloorLayout,
  type FloorTemplate,
  floorStats,
  LIBRARY_TEMPLATES,
  type LibraryComponent,
  librarySections,
  type NumberingSettings,
  type Point,
  parseLayoutFile,
  rotatedByStep,
  type TableState,
  type TemplateLayout,
  tableStateColor,
  toggledStatus,
  ZONE_TYPE_IDS,
  ZONE_TYPES,
  type ZoneType,
} from '@tablewise/shared';
import {
  type ChangeEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { STATE_COLORS } from './colors.js';
import { ContextMenu, type MenuSection } from './context-menu.js';
import {
  addBundle,
  addFromLibrary,
  addTemplate,
  bumpCapacity,
  changeNumbering,
  clearAll,
  duplicate,
  removeComponent,
  removeZone,
  restack,
  rotateComponent,
  setCapacity,
  setNumber,
  templateOf,
  updateZone,
} from './editing.js';
import { FloorCanvas, type Selection } from './floor-canvas.js';
import type { DesignStore } from './history.js';
import type { ToolState } from './tools/select-tool.js';
import { ZoomControls } from './zoom-controls.js';

export interface DesignerProps {
  store: DesignStore;
  onSave: () => void;
  onPublish: () => void;
  onReload: () => void;
  busy: boolean;
  status: string | null;
  problem: string | null;
  /** The organization's templates, placed from the library's Templates (where the server keeps them). */
  templates?: readonly FloorTemplate[] | undefined;
  /** Keeps a Save as Template on the server too (the file is downloaded either way). */
  onSaveTemplate?: ((name: string, layout: TemplateLayout) => void) | undefined;
}

const newId = () => crypto.randomUUID();
const NO_TEMPLATES: readonly FloorTemplate[] = [];

/** Saves the draft (or a template) as a file (the browser's download); answers the file's name. */
function download(name: string, layout: Pick<FloorLayout, 'components' | 'zones'>): string {
  const blob = new Blob([JSON.stringify({ components: layout.components, zones: layout.zones }, null, 2)], {
    type: 'application/json',
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.json`;
  a.click();
  URL.revokeObjectURL(url);
  return a.download;
}

/** A section of the library that opens and closes; a closed one's entries are not on the page at all
 * (a closed <details> keeps them, laid out but unclickable). A click on an entry adds it at the
 * centre of the view; dragging it is not needed. */
function LibrarySection({ title, open = false, children }: { title: string; open?: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(open);
  return (
    <section className="library-section">
      <button type="button" className="library-section-head" aria-expanded={shown} onClick={() => setShown((o) => !o)}>
        <span aria-hidden="true">{shown ? '▾' : '▸'}</span> {title}
      </button>
      {shown ? <div className="library-section-items">{children}</div> : null}
    </section>
  );
}

interface LibraryActions {
  onPlace: (c: LibraryComponent) => void;
  onBundle: (b: Bundle) => void;
  onZone: (t: ZoneType) => void;
  onTemplate: (t: FloorTemplate) => void;
}

/** Kept as it is while the canvas changes (a drag redraws the Designer on every pointer move):
 * its actions are stable and call the Designer's latest ones. */
const LibraryPanel = memo(function LibraryPanel({
  onPlace,
  onBundle,
  onZone,
  onTemplate,
  templates,
}: LibraryActions & { templates: readonly FloorTemplate[] }) {
  const [search, setSearch] = useState('');
  const s = useMemo(() => librarySections(search), [search]);
  const items = (list: readonly LibraryComponent[]) =>
    list.map((c) => (
      <button
        key={c.id}
        type="button"
        className="library-item"
        data-testid="library-item"
        data-library-id={c.id}
        onClick={() => onPlace(c)}
      >
        {c.name}
        {c.capacity ? <span className="library-seats">{FLOOR_TEXTS.seats(c.capacity)}</span> : null}
      </button>
    ));
  const bundles = (list: readonly Bundle[]) =>
    list.map((b) => (
      <button
        key={b.id}
        type="button"
        className="library-item"
        data-testid="library-bundle"
        data-bundle-id={b.id}
        onClick={() => onBundle(b)}
      >
        {b.name} ({b.count})
      </button>
    ));
  return (
    <div className="library-panel" data-testid="library-panel">
      <h2>{FLOOR_TEXTS.library}</h2>
      <input
        type="search"
        aria-label={FLOOR_TEXTS.librarySearch}
        placeholder={FLOOR_TEXTS.librarySearch}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <LibrarySection title={FLOOR_TEXTS.templates}>
        {bundles(LIBRARY_TEMPLATES)}
        {templates.length > 0 ? <h3>{FLOOR_TEXTS.yourTemplates}</h3> : null}
        {templates.map((t) => (
          <button
            key={t.id}
            type="button"
            className="library-item"
            data-testid="library-template"
            data-template-name={t.name}
            onClick={() => onTemplate(t)}
          >
            {t.name} ({t.layout.components.length})
          </button>
        ))}
      </LibrarySection>
      <LibrarySection title={FLOOR_TEXTS.essentials} open>
        <h3>{FLOOR_TEXTS.tables}</h3>
        {items(s.tables)}
        <h3>Seating</h3>
        {items(s.seating)}
        <h3>{FLOOR_TEXTS.bundles}</h3>
        {bundles(s.bundles)}
        <h3>{FLOOR_TEXTS.zones}</h3>
        {ZONE_TYPE_IDS.filter((t) => ZONE_TYPES[t].label.toLowerCase().includes(search.trim().toLowerCase())).map(
          (t) => (
            <button
              key={t}
              type="button"
              className="library-item"
              data-testid="library-zone"
              data-zone-type={t}
              onClick={() => onZone(t)}
            >
              {ZONE_TYPES[t].label}
            </button>
          ),
        )}
      </LibrarySection>
      <LibrarySection title={FLOOR_TEXTS.utilities}>{items(s.utilities)}</LibrarySection>
      <LibrarySection title={FLOOR_TEXTS.decor}>{items(s.decor)}</LibrarySection>
      <LibrarySection title={FLOOR_TEXTS.vipPresets}>{bundles(s.vip)}</LibrarySection>
    </div>
  );
});

/** The Properties panel's free choice of status (spec 2 section 4); local to the session, not saved. */
const DESIGNER_STATUSES: readonly TableState[] = ['EMPTY', 'OCCUPIED', 'RESERVED', 'CLEANING', 'PAYMENT_DUE', 'HOLD'];

/** Save as Template (spec 2 section 2.2): a name, required; the button waits for one. */
function SaveAsTemplate({ onSave }: { onSave: (name: string) => void }) {
  const [name, setName] = useState('');
  return (
    <div className="save-template">
      <label>
        {FLOOR_TEXTS.templateName}
        <input value={name} onChange={(e) => setName(e.target.value)} data-testid="template-name" />
      </label>
      <button
        type="button"
        className="button"
        disabled={name.trim() === ''}
        onClick={() => {
          onSave(name.trim());
          setName('');
        }}
        data-testid="save-template"
      >
        {FLOOR_TEXTS.saveAsTemplate}
      </button>
    </div>
  );
}

function Properties({
  store,
  c,
  status,
  onStatus,
  onDelete,
  onSaveTemplate,
}: {
  store: DesignStore;
  c: FloorComponent;
  status: TableState;
  onStatus: (s: TableState) => void;
  onDelete: () => void;
  onSaveTemplate: (name: string) => void;
}) {
  return (
    <div className="properties-panel" data-testid="properties-panel" data-component-id={c.id}>
      <h2>{FLOOR_TEXTS.properties}</h2>
      <label>
        {FLOOR_TEXTS.name}
        <input value={c.name} readOnly />
      </label>
      {c.type === 'table' ? (
        <>
          <label>
            {FLOOR_TEXTS.tableNumber}
            <input
              key={`${c.id}-${c.number}`}
              defaultValue={c.number ?? ''}
              onBlur={(e) => store.apply((l) => setNumber(l, c.id, e.target.value))}
              onKeyDown={(e) => {
                if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
              }}
            />
          </label>
          <label>
            {FLOOR_TEXTS.capacity}
            <input
              type="number"
              min={FLOOR_DESIGN.capacityMin}
              max={FLOOR_DESIGN.capacityMax}
              value={c.capacity ?? 2}
              onChange={(e) => store.apply((l) => setCapacity(l, c.id, Number(e.target.value) || 2))}
            />
          </label>
          <label>
            {FLOOR_TEXTS.status}
            <select value={status} onChange={(e) => onStatus(e.target.value as TableState)}>
              {DESIGNER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        </>
      ) : null}
      <div className="properties-actions">
        <button
          type="button"
          className="button"
          onClick={() => store.apply((l) => duplicate(l, c.id, FLOOR_DESIGN.duplicateOffsetPanel, newId))}
        >
          {FLOOR_TEXTS.duplicate}
        </button>
        <button type="button" className="button danger" onClick={onDelete} data-testid="properties-delete">
          {FLOOR_TEXTS.delete}
        </button>
      </div>
      <SaveAsTemplate onSave={onSaveTemplate} />
    </div>
  );
}

function ZoneProperties({
  store,
  id,
  onSaveTemplate,
}: {
  store: DesignStore;
  id: string;
  onSaveTemplate: (name: string) => void;
}) {
  const zone = store.get().zones.find((z) => z.id === id);
  if (!zone) return null;
  return (
    <div className="properties-panel" data-testid="zone-properties" data-zone-id={zone.id}>
      <h2>{FLOOR_TEXTS.editZone}</h2>
      <label>
        {FLOOR_TEXTS.zoneName}
        <input
          key={zone.id}
          defaultValue={zone.name}
          onBlur={(e) =>
            e.target.value.trim() && store.apply((l) => updateZone(l, id, { name: e.target.value.trim() }))
          }
        />
      </label>
      <label>
        {FLOOR_TEXTS.zoneType}
        <select
          value={zone.type}
          onChange={(e) => store.apply((l) => updateZone(l, id, { type: e.target.value as ZoneType }))}
        >
          {ZONE_TYPE_IDS.map((t) => (
            <option key={t} value={t}>
              {ZONE_TYPES[t].label}
            </option>
          ))}
        </select>
      </label>
      <label>
        {FLOOR_TEXTS.width}
        <input
          type="number"
          value={zone.width}
          onChange={(e) =>
            store.apply((l) =>
              updateZone(l, id, { width: Math.max(FLOOR_DESIGN.minZoneSize, Number(e.target.value) || 0) }),
            )
          }
        />
      </label>
      <label>
        {FLOOR_TEXTS.height}
        <input
          type="number"
          value={zone.height}
          onChange={(e) =>
            store.apply((l) =>
              updateZone(l, id, { height: Math.max(FLOOR_DESIGN.minZoneSize, Number(e.target.value) || 0) }),
            )
          }
        />
      </label>
      <button type="button" className="button danger" onClick={() => store.apply((l) => removeZone(l, id))}>
        {FLOOR_TEXTS.deleteZone}
      </button>
      <SaveAsTemplate onSave={onSaveTemplate} />
    </div>
  );
}

/** The table number edited in place (spec 2 section 2.2), over the table on the canvas: Enter or
 * leaving the field commits, Escape cancels, an empty value keeps the old number (setNumber). */
function InlineNumber(props: {
  c: FloorComponent;
  zoom: number;
  pan: Point;
  onCommit: (value: string) => void;
  onCancel: () => void;
}) {
  const { c, zoom, pan } = props;
  const done = useRef(false);
  const viewWidth = FLOOR_DESIGN.viewWidth / zoom;
  const viewHeight = FLOOR_DESIGN.viewHeight / zoom;
  const finish = (commit: boolean, value: string) => {
    if (done.current) return;
    done.current = true;
    if (commit) props.onCommit(value);
    else props.onCancel();
  };
  return (
    <input
      className="inline-number"
      data-testid="inline-number"
      aria-label={FLOOR_TEXTS.tableNumber}
      // biome-ignore lint/a11y/noAutofocus: a double-click on the table asked to type its number here
      autoFocus
      defaultValue={c.number ?? ''}
      style={{
        left: `${((c.x + c.width / 2 - pan.x) / viewWidth) * 100}%`,
        top: `${((c.y + c.height / 2 - pan.y) / viewHeight) * 100}%`,
      }}
      onFocus={(e) => e.target.select()}
      onBlur={(e) => finish(true, e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') finish(true, e.currentTarget.value);
        if (e.key === 'Escape') finish(false, '');
      }}
    />
  );
}

/** Import: the file is chosen in a dialog that says what importing does; a bad file is named there. */
function ImportDialog(props: {
  problem: string | null;
  onFile: (e: ChangeEvent<HTMLInputElement>) => void;
  onCancel: () => void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the dialog cancels it
    <div
      className="dialog-backdrop"
      onKeyDown={(e) => {
        if (e.key === 'Escape') props.onCancel();
      }}
    >
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="import-title">
        <h2 id="import-title">{FLOOR_TEXTS.importTitle}</h2>
        <p>{FLOOR_TEXTS.importHint}</p>
        <label className="import-file">
          {FLOOR_TEXTS.importFile}
          <input
            className="import-file-input"
            type="file"
            accept="application/json,.json"
            onChange={props.onFile}
            data-testid="import-file"
          />
        </label>
        {props.problem ? (
          <p className="form-error" role="alert">
            {props.problem}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={props.onCancel}>
            {FLOOR_TEXTS.cancel}
          </button>
        </div>
      </div>
    </div>
  );
}

export function Designer({
  store,
  onSave,
  onPublish,
  onReload,
  busy,
  status,
  problem,
  templates = NO_TEMPLATES,
  onSaveTemplate,
}: DesignerProps) {
  const layout = useSyncExternalStore(store.subscribe, store.get);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState<Point>({ x: 0, y: 0 });
  const [gridSnap, setGridSnap] = useState(true);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [tool, setTool] = useState<ToolState>({ kind: 'idle' });
  const [libraryOpen, setLibraryOpen] = useState(() => window.matchMedia('(min-width: 768px)').matches);
  const [importProblem, setImportProblem] = useState<string | null>(null);
  /** What the last toolbar action did (Export, Import, Clear All, a template), said on the bar. */
  const [note, setNote] = useState<string | null>(null);
  const [asking, setAsking] = useState<'import' | 'clear' | null>(null);
  /** The table whose number is being typed on the canvas. */
  const [numbering, setNumbering] = useState<string | null>(null);
  const editingNumber = numbering ? layout.components.find((c) => c.id === numbering) : undefined;
  /** The table whose Delete waits for its confirmation. */
  const [deleting, setDeleting] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ at: Point; target: Selection | null; pointerId?: number | undefined } | null>(
    null,
  );
  /** Statuses set in the designer: local to the session and never saved (spec 2 section 4). */
  const [statuses, setStatuses] = useState<ReadonlyMap<string, TableState>>(new Map());
  const statusOf = (id: string): TableState => statuses.get(id) ?? 'EMPTY';
  const setStatus = (id: string, state: TableState) => setStatuses((m) => new Map(m).set(id, state));
  const stats = floorStats(layout);
  // Each item's keyboard label looks its item up on every draw: by id, not by a search of all.
  const componentsById = useMemo(() => new Map(layout.components.map((c) => [c.id, c])), [layout.components]);
  const selected = selection?.kind === 'component' ? layout.components.find((c) => c.id === selection.id) : undefined;
  const centre = { x: pan.x + FLOOR_DESIGN.viewWidth / zoom / 2, y: pan.y + FLOOR_DESIGN.viewHeight / zoom / 2 };

  const confirmDelete = (id: string) => setDeleting(id);
  // The number is typed in place, over the table (InlineNumber).
  const editNumber = (id: string) => {
    if (layout.components.find((c) => c.id === id)?.type === 'table') setNumbering(id);
  };
  const copyLayout = async () => {
    const text = JSON.stringify({ components: layout.components, zones: layout.zones }, null, 2);
    try {
      await navigator.clipboard.writeText(text);
      setNote(FLOOR_TEXTS.layoutCopied);
    } catch {
      setNote(FLOOR_TEXTS.copyFailed);
    }
  };
  const menuSections = (c: FloorComponent): MenuSection[] => {
    const chairs = c.type === 'table' && c.capacity !== null ? chairChoices(c.capacity) : [];
    const seats = (entry: (typeof chairs)[number]) => ({
      label: entry.label,
      short: entry.short,
      disabled: entry.to === null,
      onSelect: () => entry.to !== null && store.apply((l) => setCapacity(l, c.id, entry.to as number)),
    });
    return [
      ...(chairs.length
        ? [
            {
              title: FLOOR_TEXTS.chairManagement,
              folded: true,
              entries: [
                seats(chairs[0] as (typeof chairs)[number]),
                seats(chairs[1] as (typeof chairs)[number]),
                chairs.slice(2, 6).map(seats),
                chairs.slice(6).map(seats),
              ],
            },
          ]
        : []),
      {
        title: FLOOR_TEXTS.tableActions,
        entries: [
          ...(c.type === 'table'
            ? [{ label: FLOOR_TEXTS.toggleStatus, onSelect: () => setStatus(c.id, toggledStatus(statusOf(c.id))) }]
            : []),
          {
            label: FLOOR_TEXTS.rotate45,
            onSelect: () => store.apply((l) => rotateComponent(l, c.id, rotatedByStep(c.rotation))),
          },
          {
            label: FLOOR_TEXTS.duplicate,
            onSelect: () => store.apply((l) => duplicate(l, c.id, FLOOR_DESIGN.duplicateOffsetMenu, newId)),
          },
          { label: FLOOR_TEXTS.delete, onSelect: () => confirmDelete(c.id) },
        ],
      },
      {
        title: FLOOR_TEXTS.advanced,
        folded: true,
        entries: [
          ...(c.type === 'table' ? [{ label: FLOOR_TEXTS.editNumber, onSelect: () => editNumber(c.id) }] : []),
          { label: FLOOR_TEXTS.bringToFront, onSelect: () => store.apply((l) => restack(l, c.id, 'front')) },
          { label: FLOOR_TEXTS.sendToBack, onSelect: () => store.apply((l) => restack(l, c.id, 'back')) },
        ],
      },
    ];
  };
  const menuComponent =
    menu?.target?.kind === 'component' ? layout.components.find((c) => c.id === menu.target?.id) : undefined;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
        if (typing) return;
        e.preventDefault();
        if (e.shiftKey) store.redo();
        else store.undo();
        return;
      }
      if (e.key === 'Escape') {
        setTool({ kind: 'idle' });
        return;
      }
      if (typing || selection?.kind !== 'component') return;
      if (e.key === '+' || e.key === '=') store.apply((l) => bumpCapacity(l, selection.id, 1));
      if (e.key === '-' || e.key === '_') store.apply((l) => bumpCapacity(l, selection.id, -1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, selection]);

  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const read = parseLayoutFile(await file.text());
    if (!read.ok) {
      setImportProblem(read.message);
      return;
    }
    setImportProblem(null);
    setAsking(null);
    store.apply(() => read.layout);
    setNote(FLOOR_TEXTS.imported(read.layout.components.length + read.layout.zones.length));
  };

  // On a phone the library is a sheet over the canvas: it closes once something is placed, so the
  // canvas shows what the click added.
  const closeSheetOnPhone = () => {
    if (!window.matchMedia('(min-width: 768px)').matches) setLibraryOpen(false);
  };

  const library = useRef<LibraryActions | null>(null);
  library.current = {
    onPlace: (c) => {
      store.apply((l) => addFromLibrary(l, c.id, centre, newId));
      setNote(FLOOR_TEXTS.placed(c.name));
      closeSheetOnPhone();
    },
    onBundle: (b) => {
      store.apply((l) => addBundle(l, b, { x: centre.x - 120, y: centre.y - 80 }, newId));
      setNote(FLOOR_TEXTS.templateAdded(b.name, b.items.length));
      closeSheetOnPhone();
    },
    onZone: (type) => setTool({ kind: 'zone-first', type }),
    onTemplate: (t) => {
      store.apply((l) => addTemplate(l, t.layout, { x: centre.x - 120, y: centre.y - 80 }, newId));
      setNote(FLOOR_TEXTS.templateAdded(t.name, t.layout.components.length));
      closeSheetOnPhone();
    },
  };
  const libraryActions = useMemo<LibraryActions>(
    () => ({
      onPlace: (c) => library.current?.onPlace(c),
      onBundle: (b) => library.current?.onBundle(b),
      onZone: (t) => library.current?.onZone(t),
      onTemplate: (t) => library.current?.onTemplate(t),
    }),
    [],
  );

  const closeMenu = useCallback(() => setMenu(null), []);

  // Save as Template: the file the spec names, and the organization's copy where the server keeps one.
  const saveAsTemplate = (name: string, target: Selection) => {
    const template = templateOf(layout, target);
    download(name, template);
    onSaveTemplate?.(name, template);
    setNote(FLOOR_TEXTS.templateSaved(name));
  };

  const changeNumberingSettings = (change: Partial<NumberingSettings>) =>
    store.apply((l) => changeNumbering(l, { ...l.numbering, ...change }));

  return (
    <div className="designer">
      <div className="designer-toolbar" role="toolbar" aria-label="Floor tools">
        <button
          type="button"
          className="button"
          data-testid="designer-undo"
          onClick={() => store.undo()}
          disabled={!store.canUndo()}
        >
          {FLOOR_TEXTS.undo}
        </button>
        <button
          type="button"
          className="button"
          data-testid="designer-redo"
          onClick={() => store.redo()}
          disabled={!store.canRedo()}
        >
          {FLOOR_TEXTS.redo}
        </button>
        <label className="toggle">
          <input type="checkbox" checked={gridSnap} onChange={(e) => setGridSnap(e.target.checked)} />
          {FLOOR_TEXTS.gridSnap}
        </label>
        <details className="numbering">
          <summary className="button">{FLOOR_TEXTS.numbering}</summary>
          <div className="numbering-menu">
            {(
              [
                ['useZonePrefixes', FLOOR_TEXTS.zonePrefixes],
                ['useShapeSuffixes', FLOOR_TEXTS.shapeSuffixes],
                ['sequentialByZone', FLOOR_TEXTS.sequentialByZone],
              ] as const
            ).map(([key, label]) => (
              <label key={key} className="toggle">
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={layout.numbering[key]}
                  checked={layout.numbering[key]}
                  onChange={(e) => changeNumberingSettings({ [key]: e.target.checked })}
                />
                {label}
              </label>
            ))}
            <ul className="numbering-ranges">
              {FLOOR_TEXTS.numberingRanges.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </div>
        </details>
        <button
          type="button"
          className="button"
          onClick={() => setNote(FLOOR_TEXTS.exported(download('floor-layout', layout)))}
        >
          {FLOOR_TEXTS.export}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setImportProblem(null);
            setAsking('import');
          }}
        >
          {FLOOR_TEXTS.import}
        </button>
        <button type="button" className="button" onClick={() => setTool({ kind: 'zone-first', type: 'dining' })}>
          {FLOOR_TEXTS.drawZone}
        </button>
        <button type="button" className="button" onClick={() => setAsking('clear')}>
          {FLOOR_TEXTS.clearAll}
        </button>
        <ZoomControls zoom={zoom} onZoom={setZoom} />
        <span className="designer-save">
          <button type="button" className="button" onClick={onSave} disabled={busy} data-testid="designer-save">
            {FLOOR_TEXTS.save}
          </button>
          <button
            type="button"
            className="button primary"
            onClick={onPublish}
            disabled={busy}
            data-testid="designer-publish"
          >
            {FLOOR_TEXTS.publish}
          </button>
        </span>
      </div>
      <div className="designer-stats">
        <span>
          {FLOOR_TEXTS.totalSeats}: <strong>{stats.totalSeats}</strong>
        </span>
        <span>
          {FLOOR_TEXTS.items}: <strong>{stats.items}</strong>
        </span>
        <span>
          {FLOOR_TEXTS.totalCapacity}: <strong>{stats.totalSeats}</strong>
        </span>
        <span>
          {FLOOR_TEXTS.tables}: <strong>{stats.tables}</strong>
        </span>
        {stats.spacingWarning ? <span className="designer-warning">⚠ {FLOOR_TEXTS.checkSpacing}</span> : null}
        {store.dirty ? (
          <span className="badge" data-testid="designer-unsaved">
            {FLOOR_TEXTS.unsaved}
          </span>
        ) : null}
        {status ? (
          <span role="status" data-testid="designer-status">
            {status}
          </span>
        ) : null}
        {note ? (
          <span role="status" data-testid="designer-note">
            {note}
          </span>
        ) : null}
      </div>
      {problem ? (
        <div className="form-error designer-problem" role="alert" data-testid="designer-problem">
          {problem}{' '}
          <button type="button" className="button small" onClick={onReload}>
            {FLOOR_TEXTS.reload}
          </button>
        </div>
      ) : null}
      {asking === 'clear' ? (
        <ConfirmDialog
          question={FLOOR_TEXTS.clearAllConfirm}
          detail={FLOOR_TEXTS.clearAllDetail}
          action={FLOOR_TEXTS.clearAll}
          danger
          busy={false}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            store.apply(clearAll);
            setSelection(null);
            setNote(FLOOR_TEXTS.cleared);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          question={FLOOR_TEXTS.deleteTableConfirm}
          action={FLOOR_TEXTS.delete}
          danger
          busy={false}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting;
            setDeleting(null);
            store.apply((l) => removeComponent(l, id));
            setSelection(null);
          }}
        />
      ) : null}
      {menu && menuComponent ? (
        <ContextMenu
          label={
            menuComponent.type === 'table'
              ? FLOOR_TEXTS.tableMenuHeader(menuComponent.number ?? '', menuComponent.capacity ?? 0)
              : menuComponent.name
          }
          header={
            menuComponent.type === 'table'
              ? FLOOR_TEXTS.tableMenuHeader(menuComponent.number ?? '', menuComponent.capacity ?? 0)
              : menuComponent.name
          }
          at={menu.at}
          sections={menuSections(menuComponent)}
          onClose={closeMenu}
          openedBy={menu.pointerId}
        />
      ) : menu ? (
        <ContextMenu
          label={FLOOR_TEXTS.canvasMenu}
          at={menu.at}
          entries={[
            { label: FLOOR_TEXTS.drawZone, onSelect: () => setTool({ kind: 'zone-first', type: 'dining' }) },
            { label: FLOOR_TEXTS.copyLayout, onSelect: () => void copyLayout() },
            {
              label: FLOOR_TEXTS.exportLayout,
              onSelect: () => setNote(FLOOR_TEXTS.exported(download('floor-layout', layout))),
            },
            { label: FLOOR_TEXTS.clearAll, onSelect: () => setAsking('clear') },
          ]}
          onClose={closeMenu}
          openedBy={menu.pointerId}
        />
      ) : null}
      {asking === 'import' ? (
        <ImportDialog problem={importProblem} onFile={importFile} onCancel={() => setAsking(null)} />
      ) : null}
      {tool.kind === 'zone-first' || tool.kind === 'zone-second' ? (
        <div className="designer-hint" role="status">
          {ZONE_TYPES[tool.type].label}: {FLOOR_TEXTS.drawZoneHint}
        </div>
      ) : null}
      <div className={`designer-body${libraryOpen ? '' : ' library-closed'}`}>
        <aside className="designer-library">
          <button
            type="button"
            className="button small"
            aria-expanded={libraryOpen}
            onClick={() => setLibraryOpen((o) => !o)}
          >
            {libraryOpen ? '‹' : FLOOR_TEXTS.library}
          </button>
          {libraryOpen ? <LibraryPanel {...libraryActions} templates={templates} /> : null}
        </aside>
        <div className="designer-canvas" data-testid="designer-canvas">
          <FloorCanvas
            layout={layout}
            store={store}
            editable
            zoom={zoom}
            pan={pan}
            onPan={setPan}
            gridSnap={gridSnap}
            selection={selection}
            onSelect={setSelection}
            tool={tool}
            onTool={setTool}
            newId={newId}
            label={FLOOR_TEXTS.title}
            onZoom={setZoom}
            onContextMenu={(at, target, pointerId) => setMenu({ at, target, pointerId })}
            itemLabel={(target) => {
              if (target.kind === 'zone') return layout.zones.find((z) => z.id === target.id)?.name ?? '';
              const c = componentsById.get(target.id);
              if (!c) return '';
              return c.type === 'table' ? FLOOR_TEXTS.tableMenuHeader(c.number ?? '', c.capacity ?? 0) : c.name;
            }}
            onActivate={setSelection}
            lookKey={statuses}
            lookOf={(c) =>
              c.type === 'table'
                ? {
                    ...STATE_COLORS[tableStateColor(statusOf(c.id))],
                    label: c.number ?? '',
                    detail: c.capacity ? FLOOR_TEXTS.seats(c.capacity) : undefined,
                    state: statusOf(c.id),
                  }
                : {
                    fill: '#eef0f4',
                    stroke: '#5b6170',
                    label: c.name,
                    detail: c.capacity ? FLOOR_TEXTS.seats(c.capacity) : undefined,
                  }
            }
            onEditNumber={editNumber}
          />
          {editingNumber ? (
            <InlineNumber
              key={editingNumber.id}
              c={editingNumber}
              zoom={zoom}
              pan={pan}
              onCommit={(value) => {
                setNumbering(null);
                store.apply((l) => setNumber(l, editingNumber.id, value));
              }}
              onCancel={() => setNumbering(null)}
            />
          ) : null}
        </div>
        <aside className="designer-properties">
          {selected ? (
            <Properties
              store={store}
              c={selected}
              status={statusOf(selected.id)}
              onStatus={(state) => setStatus(selected.id, state)}
              onDelete={() => confirmDelete(selected.id)}
              onSaveTemplate={(name) => saveAsTemplate(name, { kind: 'component', id: selected.id })}
            />
          ) : null}
          {selection?.kind === 'zone' ? (
            <ZoneProperties
              store={store}
              id={selection.id}
              onSaveTemplate={(name) => saveAsTemplate(name, { kind: 'zone', id: selection.id })}
            />
          ) : null}
        </aside>
      </div>
    </div>
  );
}
