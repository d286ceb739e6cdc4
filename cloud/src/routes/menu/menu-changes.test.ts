// Staff changes to the menu and to placed orders (issue 10): availability, priority, cancelling a
// held item, menu photos (upload by bytes, 5 MB) and menu items with their modifier groups.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_UPLOAD, MESSAGES, MenuAnswer, MenuItem, Order, SERVICE_MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskObjectStore } from '../../objects/store.js';
import { type Client, checkInGuest, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

// A 1×1 PNG and the start of a JPEG (what file-type reads: the bytes, not the name).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);

let h: Harness;
let objectsDir: string;
let staff: Client;
let manager: Client;
let beta: Client;
let guest: Client;
let sessionId: string;

beforeAll(async () => {
  objectsDir = mkdtempSync(path.join(tmpdir(), 'tw-objects-'));
  h = await startHarness({ objectStore: diskObjectStore(objectsDir) });
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
  ({ guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string));
});
afterAll(async () => {
  await h?.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

const eventsOf = async (type: string) =>
  (await h.database.db('events').where({ type }).orderBy('seq')).map((e) => e.payload_json ?? e.payload);

async function placeOrder(): Promise<Order> {
  const reply = await guest.post('/api/orders', {
    sessionId,
    items: [
      { menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' },
      { menuItemId: h.fixture.a.menu.cake, quantity: 2, course: 'dessert' },
    ],
  });
  expect(reply.status).toBe(201);
  return Order.parse(reply.body);
}

describe('availability', () => {
  it('takes an item off the menu for guests at once, and a guest ordering it is refused', async () => {
    const before = (await eventsOf('menu.item.updated')).length;
    const reply = await staff.request('PATCH', `/api/menu/${h.fixture.a.menu.fries}/availability`, {
      body: { isAvailable: false },
    });
    expect(reply.status).toBe(200);
    expect(MenuItem.parse(reply.body)).toMatchObject({ name: 'Fries', isAvailable: false });
    expect((await eventsOf('menu.item.updated')).length).toBe(before + 1);
    const menu = MenuAnswer.parse((await guest.get('/api/menu')).body);
    expect(menu.items.find((i) => i.name === 'Fries')?.isAvailable).toBe(false);
    const order = await guest.post('/api/orders', {
      sessionId,
      items: [{ menuItemId: h.fixture.a.menu.fries, quantity: 1 }],
    });
    expect(order.status).toBe(409);
    expect(order.body).toEqual({ message: MESSAGES.menuItemUnavailable('Fries'), id: 'menu_item_unavailable' });

    // Setting it again changes nothing and tells no one.
    const again = await staff.request('PATCH', `/api/menu/${h.fixture.a.menu.fries}/availability`, {
      body: { isAvailable: false },
    });
    expect(again.status).toBe(200);
    expect((await eventsOf('menu.item.updated')).length).toBe(before + 1);

    const back = await staff.request('PATCH', `/api/menu/${h.fixture.a.menu.fries}/availability`, {
      body: { isAvailable: true },
    });
    expect(MenuItem.parse(back.body).isAvailable).toBe(true);
  });

  it("refuses bad input, another organization's item, and guests", async () => {
    const bad = await staff.request('PATCH', `/api/menu/${h.fixture.a.menu.fries}/availability`, {
      body: { isAvailable: 'no' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('isAvailable');
    const foreign = await beta.request('PATCH', `/api/menu/${h.fixture.a.menu.fries}/availability`, {
      body: { isAvailable: false },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(MESSAGES.notFound('Menu item'));
    const byGuest = await guest.request('PATCH', `/api/menu/${h.fixture.a.menu.fries}/availability`, {
      body: { isAvailable: false },
    });
    expect(byGuest.status).toBe(401);
    const menu = MenuAnswer.parse((await staff.get('/api/menu')).body);
    expect(menu.items.find((i) => i.name === 'Fries')?.isAvailable).toBe(true);
  });
});

describe('priority', () => {
  it("changes an order's priority with an event, and a repeat of its key answers the same", async () => {
    const order = await placeOrder();
    expect(order.priority).toBe('normal');
    const path = `/api/orders/${order.id}/priority`;
    const reply = await staff.request('PATCH', path, { body: { priority: 'urgent' }, key: `p-${order.id}` });
    expect(reply.status).toBe(200);
    expect(Order.parse(reply.body)).toMatchObject({ id: order.id, priority: 'urgent' });
    const again = await staff.request('PATCH', path, { body: { priority: 'urgent' }, key: `p-${order.id}` });
    expect(again.body).toEqual(reply.body);
    const events = (await eventsOf('order.priority.changed')).filter((e) => e.order.id === order.id);
    expect(events.map((e) => e.order.priority)).toEqual(['urgent']);
    const listed = (await staff.get('/api/orders')).body.find((o: Order) => o.id === order.id);
    expect(listed.priority).toBe('urgent');
  });

  it("refuses an unknown priority and another organization's order", async () => {
    const order = await placeOrder();
    const bad = await staff.request('PATCH', `/api/orders/${order.id}/priority`, { body: { priority: 'asap' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('priority');
    const foreign = await beta.request('PATCH', `/api/orders/${order.id}/priority`, { body: { priority: 'high' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(MESSAGES.notFound('Order'));
  });
});

describe('cancelling an item', () => {
  it('takes a held item off its order and prices the bill again', async () => {
    const order = await placeOrder();
    const cake = order.items.find((i) => i.menuItemName === 'Cheesecake');
    expect(cake?.status).toBe('CONFIRMED');
    const reply = await staff.post(`/api/order-items/${cake?.id}/cancel`, undefined, { key: `c-${cake?.id}` });
    expect(reply.status).toBe(200);
    // Lemonade 3.50 alone: tax 0.31.
    expect(Order.parse(reply.body)).toMatchObject({ subtotal: '3.50', tax: '0.31', total: '3.81' });
    expect(reply.body.items.map((i: { menuItemName: string }) => i.menuItemName)).toEqual(['Lemonade']);
    const again = await staff.post(`/api/order-items/${cake?.id}/cancel`, undefined, { key: `c-${cake?.id}` });
    expect(again.body).toEqual(reply.body);
    const event = (await eventsOf('order.item.cancelled')).find((e) => e.item.id === cake?.id);
    expect(event?.order.total).toBe('3.81');
    const listed = (await staff.get('/api/orders')).body.find((o: Order) => o.id === order.id);
    expect(listed.total).toBe('3.81');
    // Without the key, the item is gone.
    const gone = await staff.post(`/api/order-items/${cake?.id}/cancel`);
    expect(gone.status).toBe(404);
  });

  it("refuses an item already sent to the kitchen, and another organization's item", async () => {
    const order = await placeOrder();
    const drink = order.items.find((i) => i.menuItemName === 'Lemonade');
    const fired = await staff.post(`/api/order-items/${drink?.id}/cancel`);
    expect(fired.status).toBe(409);
    expect(fired.body).toEqual({ message: SERVICE_MESSAGES.itemAlreadyFired('Lemonade'), id: 'item_already_fired' });
    const cake = order.items.find((i) => i.menuItemName === 'Cheesecake');
    const foreign = await beta.post(`/api/order-items/${cake?.id}/cancel`);
    expect(foreign.status).toBe(404);
    const listed = (await staff.get('/api/orders')).body.find((o: Order) => o.id === order.id);
    expect(listed.items).toHaveLength(2);
  });
});

async function upload(client: Client, bytes: Buffer, type = 'image/png') {
  const link = await client.post('/api/objects/upload');
  expect(link.status).toBe(200);
  const put = await fetch(`${h.cloud.url}${link.body.uploadURL}`, {
    method: 'PUT',
    headers: { 'content-type': type },
    body: bytes,
  });
  const body = (await put.json()) as { contentType?: string; size?: number; message?: string; id?: string };
  return { link: link.body as { uploadURL: string; objectUrl: string }, status: put.status, body };
}

describe('menu photos', () => {
  it('stores a PNG and a JPEG by their bytes, and guests see the photo on the menu', async () => {
    const png = await upload(manager, PNG);
    expect(png.status).toBe(200);
    expect(png.body).toMatchObject({ contentType: 'image/png', size: PNG.length });
    const jpeg = await upload(manager, JPEG, 'application/octet-stream');
    expect(jpeg.body.contentType).toBe('image/jpeg');

    const set = await manager.request('PUT', `/api/menu/${h.fixture.a.menu.burger}/image`, {
      body: { imageUrl: png.link.objectUrl },
    });
    expect(set.status).toBe(200);
    expect(MenuItem.parse(set.body).imageUrl).toBe(png.link.objectUrl);
    const menu = MenuAnswer.parse((await guest.get('/api/menu')).body);
    expect(menu.items.find((i) => i.name === 'Burger')?.imageUrl).toBe(png.link.objectUrl);

    const image = await fetch(`${h.cloud.url}${png.link.objectUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses a text file named .png, a file over 5 MB, a forged or reused link', async () => {
    const text = await upload(manager, Buffer.from('hello, not an image'), 'image/png');
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ message: MESSAGES.invalidImageFile, id: 'invalid_image' });
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_UPLOAD.maxBytes + 1 - PNG.length)]);
    const large = await upload(manager, big);
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('File size must be less than 5 MB');
    // Neither was stored: their objects are not found.
    expect((await fetch(`${h.cloud.url}${text.link.objectUrl}`)).status).toBe(404);
    expect((await fetch(`${h.cloud.url}${large.link.objectUrl}`)).status).toBe(404);

    const link = (await manager.post('/api/objects/upload')).body as { uploadURL: string };
    const forged = link.uploadURL.replace(/token=[^&]+/, 'token=x.1.y');
    const refused = await fetch(`${h.cloud.url}${forged}`, { method: 'PUT', body: PNG });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(SERVICE_MESSAGES.uploadLinkInvalid);
    expect((await fetch(`${h.cloud.url}${link.uploadURL}`, { method: 'PUT', body: PNG })).status).toBe(200);
    const reused = await fetch(`${h.cloud.url}${link.uploadURL}`, { method: 'PUT', body: JPEG });
    expect(reused.status).toBe(403);
  });

  it("refuses a photo never uploaded, another organization's upload, and guests", async () => {
    const missing = await manager.request('PUT', `/api/menu/${h.fixture.a.menu.cake}/image`, {
      body: { imageUrl: '/api/objects/00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(SERVICE_MESSAGES.imageNotUploaded);
    const theirs = await upload(beta, PNG);
    const foreign = await manager.request('PUT', `/api/menu/${h.fixture.a.menu.cake}/image`, {
      body: { imageUrl: theirs.link.objectUrl },
    });
    expect(foreign.status).toBe(400);
    const notOurs = await beta.request('PUT', `/api/menu/${h.fixture.a.menu.cake}/image`, {
      body: { imageUrl: theirs.link.objectUrl },
    });
    expect(notOurs.status).toBe(404);
    const notAUrl = await manager.request('PUT', `/api/menu/${h.fixture.a.menu.cake}/image`, {
      body: { imageUrl: 'https://evil.example/x.png' },
    });
    expect(notAUrl.status).toBe(400);
    expect((await guest.post('/api/objects/upload')).status).toBe(401);
    const menu = MenuAnswer.parse((await staff.get('/api/menu')).body);
    expect(menu.items.find((i) => i.name === 'Cheesecake')?.imageUrl).toBeNull();
  });
});

describe('menu items and modifier groups', () => {
  const soup = {
    name: 'Tomato Soup',
    price: '6.50',
    category: 'Starters',
    station: 'Hot',
    prepTime: 8,
    allergens: ['celery'],
    isVegetarian: true,
    modifiersSchema: [
      {
        id: 'size',
        name: 'Size',
        type: 'single',
        required: true,
        options: [
          { id: 'cup', name: 'Cup', price: '0.00' },
          { id: 'bowl', name: 'Bowl', price: '2.00' },
        ],
      },
    ],
  };

  it('adds an item once per id, edits it, and guests can order it with its modifiers', async () => {
    const id = '11111111-2222-4333-8444-555555555555';
    const created = await manager.post('/api/menu', { ...soup, id });
    expect(created.status).toBe(201);
    expect(MenuItem.parse(created.body)).toMatchObject({ id, name: 'Tomato Soup', isAvailable: true, prepTime: 8 });
    const repeat = await manager.post('/api/menu', { ...soup, id });
    expect(repeat.status).toBe(200);
    const edited = await manager.request('PATCH', `/api/menu/${id}`, { body: { price: '7.00', description: 'Hot' } });
    expect(edited.status).toBe(200);
    expect(MenuItem.parse(edited.body)).toMatchObject({ price: '7.00', description: 'Hot', name: 'Tomato Soup' });
    const order = await guest.post('/api/orders', {
      sessionId,
      items: [
        { menuItemId: id, quantity: 1, course: 'appetizer', modifiers: [{ groupId: 'size', optionIds: ['bowl'] }] },
      ],
    });
    expect(order.status).toBe(201);
    expect(order.body.items[0]).toMatchObject({ unitPrice: '9.00' });
    const menu = MenuAnswer.parse((await guest.get('/api/menu')).body);
    expect(menu.groupedByCategory.Starters?.map((i) => i.name)).toContain('Tomato Soup');
  });

  it("refuses bad fields by the shared schema, another organization's item, and an empty edit", async () => {
    const noName = await manager.post('/api/menu', { ...soup, name: ' ' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('name');
    const negative = await manager.post('/api/menu', { ...soup, price: '-1.00' });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toContain('price');
    const twinGroups = await manager.post('/api/menu', {
      ...soup,
      modifiersSchema: [soup.modifiersSchema[0], soup.modifiersSchema[0]],
    });
    expect(twinGroups.status).toBe(400);
    const foreign = await beta.request('PATCH', `/api/menu/${h.fixture.a.menu.burger}`, { body: { price: '1.00' } });
    expect(foreign.status).toBe(404);
    const empty = await manager.request('PATCH', `/api/menu/${h.fixture.a.menu.burger}`, { body: {} });
    expect(empty.status).toBe(400);
    const menu = MenuAnswer.parse((await staff.get('/api/menu')).body);
    expect(menu.items.find((i) => i.name === 'Burger')?.price).toBe('12.50');
  });
});
