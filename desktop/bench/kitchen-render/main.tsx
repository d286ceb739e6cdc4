// The kitchen display alone, for bench/kitchen-render.ts (issue 8, P7): the real KitchenDisplay
// with the staff app's query client and styles, its reads answered in the page (no server), and
// window.kitchenBench to mount it with N cards and time one event's update in Chromium.
import { type KitchenItem, listKitchenItems } from '@tablewise/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '../../src/renderer/app/query-client.js';
import '../../src/renderer/app/styles.css';
import { ToastProvider } from '../../src/renderer/components/toast.js';
import { KitchenDisplay } from '../../src/renderer/features/kitchen-display/components/kitchen-display.js';

const STATIONS = ['Grill', 'Fry', 'Cold', 'Bar'];
const queryClient = createQueryClient();
let items: KitchenItem[] = [];

// The display's reads: the kitchen items are what the page holds; the printers' calls answer 404
// as on the cloud (no banner).
window.fetch = async (input) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
  if (url.pathname === '/api/order-items/kitchen') return Response.json(items);
  return Response.json({ message: 'Not Found' }, { status: 404 });
};

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

function itemAt(i: number, minutesAgo: number): KitchenItem {
  const created = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  return {
    id: uuid(i + 1),
    orderId: uuid(100_000 + Math.floor(i / 3)),
    menuItem: { name: `Dish ${i + 1}`, station: STATIONS[i % STATIONS.length] as string, prepTime: 12 },
    quantity: 1 + (i % 3),
    priority: i % 17 === 0 ? 'urgent' : i % 7 === 0 ? 'high' : 'normal',
    course: 'main',
    modifiers: i % 4 === 0 ? ['No onions', 'Extra sauce'] : [],
    notes: i % 5 === 0 ? 'Allergy: nuts' : null,
    tableNumber: String(1 + (i % 30)),
    createdAt: created,
    fireAt: created,
    held: false,
    status: i % 2 === 0 ? 'SENT_TO_KITCHEN' : 'IN_PREP',
  };
}

function cardsShown(): number {
  return document.querySelectorAll('[data-testid="kitchen-card"]').length;
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

const root = createRoot(document.getElementById('root') as HTMLElement);

declare global {
  interface Window {
    kitchenBench: { mount(cards: number): Promise<void>; update(): Promise<number> };
  }
}

window.kitchenBench = {
  async mount(cards) {
    items = Array.from({ length: cards }, (_, i) => itemAt(i, (cards - i) % 20));
    queryClient.setQueryData(listKitchenItems.key(), items);
    root.render(
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <KitchenDisplay />
        </ToastProvider>
      </QueryClientProvider>,
    );
    await until(() => cardsShown() === cards);
  },
  /**
   * One live event: an item moves (Start Prep / back), the rest of the list is the same objects, as
   * TanStack Query's structural sharing leaves them after a re-read. Resolves with the ms from the
   * new data to the card's DOM showing it.
   */
  async update() {
    const at = Math.floor(items.length / 2);
    const before = items[at] as KitchenItem;
    const status = before.status === 'IN_PREP' ? 'SENT_TO_KITCHEN' : 'IN_PREP';
    items = items.map((item, i) => (i === at ? { ...item, status } : item));
    const card = document.querySelector(`[data-item-id="${before.id}"]`) as HTMLElement;
    const started = performance.now();
    const shown = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (card.dataset.status === status) {
          observer.disconnect();
          resolve(performance.now() - started);
        }
      });
      observer.observe(card, { attributes: true, attributeFilter: ['data-status'] });
    });
    queryClient.setQueryData(listKitchenItems.key(), items);
    const ms = await shown;
    return ms;
  },
};
