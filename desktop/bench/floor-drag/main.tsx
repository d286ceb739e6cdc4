// The floor designer alone, for bench/floor.ts (issue 25, F1): the real Designer with the staff
// app's styles over a layout of N tables and Z zones, and window.floorBench to mount it, find a
// table on the screen, and count the frames Chromium paints while the driver drags it.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import '../../src/renderer/app/styles.css';
import { Designer } from '../../src/renderer/floor-designer/designer.js';
import { moveComponent } from '../../src/renderer/floor-designer/editing.js';
import { DesignStore } from '../../src/renderer/floor-designer/history.js';
import { benchLayout } from './layout.js';

const root = createRoot(document.getElementById('root') as HTMLElement);
let store: DesignStore | null = null;
let frames: number[] = [];
let counting = false;

function count(at: number): void {
  if (!counting) return;
  frames.push(at);
  requestAnimationFrame(count);
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

declare global {
  interface Window {
    floorBench: {
      mount(tables: number, zones: number): Promise<void>;
      /** Where table `id`'s centre is on the screen. */
      pointOf(id: string): { x: number; y: number };
      /** Where table `id` is in the layout. */
      placeOf(id: string): { x: number; y: number };
      startFrames(): void;
      /** The frames painted since startFrames: how many, over how long, and the longest gap. */
      stopFrames(): { frames: number; ms: number; longestMs: number };
      /** Ms of main-thread work (median, least) for one drag step of table `id` drawn at once. */
      stepCost(id: string, steps: number): { median: number; least: number };
    };
  }
}

window.floorBench = {
  async mount(tables, zones) {
    store = new DesignStore(benchLayout(tables, zones));
    root.render(
      <Designer
        store={store}
        onSave={() => {}}
        onPublish={() => {}}
        onReload={() => {}}
        busy={false}
        status={null}
        problem={null}
      />,
    );
    await until(() => document.querySelector('svg.floor-canvas') !== null);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  },
  pointOf(id) {
    const c = store?.get().components.find((o) => o.id === id);
    const svg = document.querySelector('svg.floor-canvas') as SVGSVGElement;
    if (!c) throw new Error(`no table ${id}`);
    const p = new DOMPoint(c.x + c.width / 2, c.y + c.height / 2).matrixTransform(svg.getScreenCTM() as DOMMatrix);
    return { x: p.x, y: p.y };
  },
  placeOf(id) {
    const c = store?.get().components.find((o) => o.id === id);
    if (!c) throw new Error(`no table ${id}`);
    return { x: c.x, y: c.y };
  },
  stepCost(id, steps) {
    const s = store as DesignStore;
    const start = s.get().components.find((c) => c.id === id) as { x: number; y: number };
    const samples: number[] = [];
    for (let k = 1; k <= steps; k++) {
      const to = { x: start.x + 10 * (k % 7), y: start.y + 10 * (k % 5) };
      const t0 = performance.now();
      flushSync(() => s.preview((l) => moveComponent(l, id, to)));
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return { median: samples[Math.floor(samples.length / 2)] as number, least: samples[0] as number };
  },
  startFrames() {
    frames = [];
    counting = true;
    requestAnimationFrame(count);
  },
  stopFrames() {
    counting = false;
    const ms = frames.length > 1 ? (frames.at(-1) as number) - (frames[0] as number) : 0;
    let longestMs = 0;
    for (let i = 1; i < frames.length; i++)
      longestMs = Math.max(longestMs, (frames[i] as number) - (frames[i - 1] as number));
    return { frames: frames.length, ms, longestMs };
  },
};
