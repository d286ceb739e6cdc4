// P7: the kitchen display with 300 live cards, one event's update, in Chromium. Builds the real
// KitchenDisplay into a bench page first (desktop/bench/kitchen-render, with the staff app's Vite
// config, about 2 s), serves it from a local HTTP server, mounts 300 cards and times from the new
// data (what a live event's re-read leaves in the query cache: one item changed, the rest the same
// objects) to the changed card's DOM; median over the rounds. Floor in the same run: the same
// update on a display with 1 card.
import type { Browser } from '@playwright/test';
import { openBenchPage } from './bench-page.js';
import { type Bench, percentile } from './figure.js';

/** What desktop/bench/kitchen-render/main.tsx puts on the page's window. */
interface BenchPage {
  kitchenBench: { mount(cards: number): Promise<void>; update(): Promise<number> };
}

async function timeUpdates(browser: Browser, url: string, cards: number, rounds: number): Promise<number[]> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(url);
    await page.waitForFunction(() => 'kitchenBench' in globalThis);
    await page.evaluate((n) => (globalThis as unknown as BenchPage).kitchenBench.mount(n), cards);
    const samples: number[] = [];
    for (let i = 0; i < rounds + 3; i++) {
      const ms = await page.evaluate(() => (globalThis as unknown as BenchPage).kitchenBench.update());
      if (i >= 3) samples.push(ms); // the first updates warm the JIT
      await page.waitForTimeout(20);
    }
    return samples;
  } finally {
    await page.close();
  }
}

export const bench: Bench = async ({ quick }) => {
  const rounds = quick ? 15 : 60;
  const { url, browser, close } = await openBenchPage('kitchen-render');
  try {
    const many = percentile(await timeUpdates(browser, url, 300, rounds), 0.5);
    const one = percentile(await timeUpdates(browser, url, 1, rounds), 0.5);
    return [
      {
        id: 'P7',
        figure: 'kitchen display, 300 cards: one event to DOM (median)',
        value: many,
        unit: 'ms',
        floor: one,
        floorLabel: 'same update, 1 card',
        goal: '≤ 16 ms',
        met: many <= 16,
      },
    ];
  } finally {
    await close();
  }
};
