// The designer's Component Library (spec 2 sections 2.2 and 3): tables in every shape and the
// capacities the spec lists, seating, utilities, decor, the bundles and the VIP presets.
import {
  type COMPONENT_TYPES,
  type FloorShape,
  LIBRARY_CATEGORIES,
  SHAPE_CAPACITIES,
  tableSize,
} from './rules/floor-layout.js';

export interface LibraryComponent {
  id: string;
  name: string;
  category: (typeof LIBRARY_CATEGORIES)[number];
  type: (typeof COMPONENT_TYPES)[number];
  shape: FloorShape | null;
  defaultWidth: number;
  defaultHeight: number;
  capacity: number | null;
  hasNumber: boolean;
}

const SHAPE_NAMES: Record<FloorShape, string> = {
  round: 'Round',
  square: 'Square',
  rectangle: 'Rectangle',
  oval: 'Oval',
  halfmoon: 'Half Moon',
  quarter: 'Quarter',
  booth: 'Booth',
};

const TABLES: LibraryComponent[] = (Object.keys(SHAPE_CAPACITIES) as FloorShape[]).flatMap((shape) =>
  SHAPE_CAPACITIES[shape]
    .filter((capacity) => shape !== 'oval' || capacity % 2 === 0)
    .map((capacity) => {
      const size = tableSize(shape, capacity);
      return {
        id: `${shape}-${capacity}`,
        name: `${SHAPE_NAMES[shape]} ${capacity}-Top`,
        category: 'tables' as const,
        type: 'table' as const,
        shape,
        defaultWidth: size.width,
        defaultHeight: size.height,
        capacity,
        hasNumber: true,
      };
    }),
);

const item = (
  id: string,
  name: string,
  category: LibraryComponent['category'],
  type: LibraryComponent['type'],
  width: number,
  height: number,
  capacity: number | null = null,
): LibraryComponent => ({
  id,
  name,
  category,
  type,
  shape: null,
  defaultWidth: width,
  defaultHeight: height,
  capacity,
  hasNumber: false,
});

/** @internal */
export const LIBRARY: readonly LibraryComponent[] = [
  ...TABLES,
  item('bar-stool', 'Bar Stool', 'seating', 'seating', 30, 30, 1),
  item('bench', 'Bench', 'seating', 'seating', 120, 40, 3),
  item('sofa', 'Sofa', 'seating', 'seating', 140, 60, 3),
  item('bar-counter', 'Bar Counter', 'bar', 'bar', 300, 50),
  item('bar-counter-curved', 'Curved Bar Counter', 'bar', 'bar', 200, 120),
  item('kitchen', 'Kitchen', 'utilities', 'utility', 200, 120),
  item('host-stand', 'Host Stand', 'utilities', 'utility', 60, 40),
  item('service-station', 'Service Station', 'utilities', 'utility', 80, 40),
  item('pos-terminal', 'POS Terminal', 'utilities', 'utility', 40, 40),
  item('restroom', 'Restroom', 'utilities', 'utility', 100, 80),
  item('plant', 'Plant', 'decor', 'decor', 40, 40),
  item('divider', 'Divider', 'decor', 'decor', 160, 20),
  item('window', 'Window', 'decor', 'decor', 120, 20),
  item('column', 'Column', 'decor', 'decor', 40, 40),
];

export function libraryComponent(id: string): LibraryComponent | undefined {
  return LIBRARY.find((c) => c.id === id);
}

/** Items a bundle or preset places, relative to where it is dropped. @internal */
export interface PlacedItem {
  libraryId: string;
  dx: number;
  dy: number;
  capacity?: number;
  state?: string;
}
export interface Bundle {
  id: string;
  name: string;
  /** The figure the spec shows beside the name. */
  count: number;
  items: PlacedItem[];
}

const grid = (libraryId: string, n: number, perRow: number, step: number, extra: Partial<PlacedItem> = {}) =>
  Array.from({ length: n }, (_, i) => ({
    libraryId,
    dx: (i % perRow) * step,
    dy: Math.floor(i / perRow) * step,
    ...extra,
  }));

/** @internal */
export const BUNDLES: readonly Bundle[] = [
  { id: 'four-tops', name: '4x Four-Top', count: 16, items: grid('square-4', 4, 2, 120) },
  { id: 'booths', name: '2x Booth', count: 12, items: grid('booth-4', 2, 2, 120, { capacity: 6 }) },
  {
    id: 'bar-area',
    name: 'Bar Area',
    count: 8,
    items: [{ libraryId: 'bar-counter', dx: 0, dy: 0 }, ...grid('bar-stool', 8, 8, 38).map((s) => ({ ...s, dy: 60 }))],
  },
  { id: 'patio', name: 'Patio Section', count: 6, items: grid('round-2', 6, 3, 100) },
  {
    id: 'status-demo',
    name: 'Status Demo',
    count: 7,
    items: ['EMPTY', 'OCCUPIED', 'RESERVED', 'CLEANING', 'PAYING', 'EATING', 'HOLD_SOFT'].map((state, i) => ({
      libraryId: 'round-4',
      dx: (i % 4) * 110,
      dy: Math.floor(i / 4) * 110,
      state,
    })),
  },
];

/** @internal */
export const VIP_PRESETS: readonly Bundle[] = [
  { id: 'vip-4', name: '4-Top with Chairs', count: 4, items: [{ libraryId: 'round-4', dx: 0, dy: 0 }] },
  { id: 'vip-6', name: '6-Top with Chairs', count: 6, items: [{ libraryId: 'round-6', dx: 0, dy: 0 }] },
  { id: 'vip-rect-6', name: 'Rectangle 6-Top', count: 6, items: [{ libraryId: 'rectangle-6', dx: 0, dy: 0 }] },
  { id: 'vip-booths', name: 'Booth Section', count: 12, items: grid('booth-4', 3, 3, 110) },
];

/** The library's templates (spec 2 section 2.2): a starting floor each, placed as a bundle is. */
export const LIBRARY_TEMPLATES: readonly Bundle[] = [
  {
    id: 'template-cafe',
    name: 'Café',
    count: 16,
    items: [...grid('round-2', 6, 3, 100), ...grid('square-4', 1, 1, 0).map((t) => ({ ...t, dx: 330, dy: 0 }))],
  },
  { id: 'template-fine-dining', name: 'Fine Dining', count: 20, items: grid('round-4', 5, 3, 140) },
  { id: 'template-event', name: 'Event', count: 36, items: grid('rectangle-6', 6, 2, 200) },
];

/** The library's sections in the spec's order, each with the items a search leaves. */
export function librarySections(search: string) {
  const q = search.trim().toLowerCase();
  const match = (name: string) => q === '' || name.toLowerCase().includes(q);
  const of = (...categories: LibraryComponent['category'][]) =>
    LIBRARY.filter((c) => categories.includes(c.category) && match(c.name));
  return {
    tables: of('tables'),
    seating: of('seating'),
    bundles: BUNDLES.filter((b) => match(b.name)),
    utilities: of('utilities', 'bar'),
    decor: of('decor'),
    vip: VIP_PRESETS.filter((b) => match(b.name)),
    categories: LIBRARY_CATEGORIES,
  };
}
