// F1, the floor (issue 25): dragging one table on a layout of 200 tables and 10 zones in the real
// Designer, in Chromium at 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate): frames painted a
// second during the drag (requestAnimationFrame callbacks), beside the same drag on a page with one
// table. Builds the bench page (desktop/bench/floor-drag, the staff app's Vite config) first.
import type { Browser } from '@playwright/test';
import { openBenchPage } from './bench-page.js';
import type { Bench, Figure } from './figure.js';

const FPS_GOAL = 55;

/** What desktop/bench/floor-drag/main.tsx puts on the page's window. */
interface BenchPage {
  floorBench: {
    mount(tables: number, zones: number): Promise<void>;
    pointOf(id: string): { x: number; y: number };
    placeOf(id: string): { x: number; y: number };
    startFrames(): void;
    stopFrames(): { frames: number; ms: number; longestMs: number };
    stepCost(id: string, steps: number): { median: number; least: number };
  };
}

/** One drag of a table in the middle of the floor for `seconds`, the pointer moving as fast as
 * Chromium takes it; answers frames a second and the longest frame. */
async function dragFps(browser: Browser, url: string, tables: number, zones: number, seconds: number) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    const cdp = await page.context().newCDPSession(page);
    await page.goto(url);
    await page.waitForFunction(() => 'floorBench' in globalThis);
    await page.evaluate(
      ([t, z]) => (globalThis as unknown as BenchPage).floorBench.mount(t as number, z as number),
      [tables, zones],
    );
    const id = `table-${Math.ceil(tables / 2)}`;
    const drag = async (ms: number) => {
      const from = await page.evaluate((i) => (globalThis as unknown as BenchPage).floorBench.pointOf(i), id);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 8, from.y + 8);
      await page.evaluate(() => (globalThis as unknown as BenchPage).floorBench.startFrames());
      const started = Date.now();
      // At least 20 moves, however slow the machine is: a drag, not a press.
      for (let k = 1; k <= 20 || Date.now() - started < ms; k++) {
        const a = k / 8;
        await page.mouse.move(from.x + 8 + 60 * Math.sin(a), from.y + 8 + 40 * (1 - Math.cos(a)));
      }
      const frames = await page.evaluate(() => (globalThis as unknown as BenchPage).floorBench.stopFrames());
      await page.mouse.up();
      return frames;
    };
    // Warms the JIT on the drag's own path (unthrottled): a second real drag this soon after a
    // first would make the two presses a double click, which opens the inline number editor.
    await page.evaluate((i) => (globalThis as unknown as BenchPage).floorBench.stepCost(i, 50), id);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const before = await page.evaluate((i) => (globalThis as unknown as BenchPage).floorBench.placeOf(i), id);
    const got = await drag(seconds * 1000);
    const after = await page.evaluate((i) => (globalThis as unknown as BenchPage).floorBench.placeOf(i), id);
    // The main thread's share of one step, which the load of the machine inflates far less than
    // the frame rate: the React work of one move, drawn at once.
    const step = await page.evaluate((i) => (globalThis as unknown as BenchPage).floorBench.stepCost(i, 200), id);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (before.x === after.x && before.y === after.y)
      throw new Error(`F1: the table did not move during the drag (${tables} tables)`);
    return { fps: ((got.frames - 1) * 1000) / got.ms, longestMs: got.longestMs, stepMs: step.median };
  } finally {
    await page.close();
  }
}

async function dragFigures(quick: boolean): Promise<Figure[]> {
  const seconds = quick ? 2 : 5;
  const { url, browser, close } = await openBenchPage('floor-drag');
  try {
    const many = await dragFps(browser, url, 200, 10, seconds);
    const one = await dragFps(browser, url, 1, 0, seconds);
    console.error(
      `[F1] longest frame: ${many.longestMs.toFixed(1)} ms with 200 tables, ${one.longestMs.toFixed(1)} ms with 1; ` +
        `React work of one drag step at 4×: ${many.stepMs.toFixed(2)} ms with 200 tables, ${one.stepMs.toFixed(2)} ms with 1`,
    );
    return [
      {
        id: 'F1',
        figure: 'designer, 200 tables and 10 zones: dragging one, at 4× CPU slowdown',
        value: many.fps,
        unit: 'fps',
        floor: one.fps,
        floorLabel: 'same drag, 1 table',
        goal: `≥ ${FPS_GOAL} fps`,
        met: many.fps >= FPS_GOAL,
      },
    ];
  } finally {
    await close();
  }
}

export const bench: Bench = async ({ quick }) => dragFigures(quick);
