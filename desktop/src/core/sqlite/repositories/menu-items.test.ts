import { menuAnswer } from '@tablewise/shared';
import { afterEach, expect, it } from 'vitest';
import { menuItem, tempDir } from '../../test/fixtures.js';
import { openReplica } from '../replica.js';
import { listMenuItems, putMenuItem } from './menu-items.js';

const made: { remove(): void }[] = [];
afterEach(() => {
  for (const d of made.splice(0)) d.remove();
});

it("lists the menu in the menu's own order, whatever the categories are called, and keeps it after an update", () => {
  const t = tempDir();
  made.push(t);
  const replica = openReplica(`${t.dir}/replica.sqlite`);
  try {
    const items = [
      menuItem({ id: crypto.randomUUID(), name: 'Wings', category: 'Starters', sortOrder: 0 }),
      menuItem({ id: crypto.randomUUID(), name: 'Steak', category: 'Mains', sortOrder: 1 }),
      menuItem({ id: crypto.randomUUID(), name: 'Cake', category: 'Desserts', sortOrder: 2 }),
    ];
    for (const item of [...items].reverse()) putMenuItem(replica.write, item);
    expect(menuAnswer(listMenuItems(replica.read)).items.map((i) => i.name)).toEqual(['Wings', 'Steak', 'Cake']);
    putMenuItem(replica.write, { ...(items[0] as (typeof items)[number]), price: '9.00' });
    expect(menuAnswer(listMenuItems(replica.read)).items.map((i) => `${i.name} ${i.sortOrder}`)).toEqual([
      'Wings 0',
      'Steak 1',
      'Cake 2',
    ]);
  } finally {
    replica.close();
  }
});
