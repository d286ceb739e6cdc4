// The venue's menu as the replica holds it.
// Rows map to the shared schemas' shapes; nothing here decides anything.
import type { MenuItem, ModifierGroup } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';

interface MenuItemRow {
  id: string;
  venue_id: string | null;
  name: string;
  description: string | null;
  price: string;
  category: string;
  is_available: number;
  image_url: string | null;
  allergens_json: string;
  prep_time: number | null;
  calories: number | null;
  is_vegetarian: number;
  is_vegan: number;
  is_gluten_free: number;
  is_spicy: number;
  is_popular: number;
  station: string | null;
  modifiers_schema_json: string;
  sort_order: number;
  temperature: string | null;
  is_fragile: number;
}
function toMenuItem(r: MenuItemRow): MenuItem {
  return {
    id: r.id,
    venueId: r.venue_id,
    name: r.name,
    description: r.description,
    price: r.price,
    category: r.category,
    isAvailable: r.is_available === 1,
    imageUrl: r.image_url,
    allergens: JSON.parse(r.allergens_json) as string[],
    prepTime: r.prep_time,
    calories: r.calories,
    isVegetarian: r.is_vegetarian === 1,
    isVegan: r.is_vegan === 1,
    isGlutenFree: r.is_gluten_free === 1,
    isSpicy: r.is_spicy === 1,
    isPopular: r.is_popular === 1,
    station: r.station,
    modifiersSchema: JSON.parse(r.modifiers_schema_json) as ModifierGroup[],
    sortOrder: r.sort_order,
    temperature: r.temperature === 'hot' || r.temperature === 'cold' ? r.temperature : null,
    isFragile: r.is_fragile === 1,
  };
}
/** Every menu item, in no particular order: menuAnswer puts them in the menu's order. */
export function listMenuItems(db: AnyDb): MenuItem[] {
  return (db.sql.prepare('SELECT * FROM menu_items').all() as MenuItemRow[]).map(toMenuItem);
}
export function putMenuItem(db: WriteDb, m: MenuItem): void {
  db.sql
    .prepare(
      `INSERT OR REPLACE INTO menu_items (id, venue_id, name, description, price, category, is_available, image_url,
         allergens_json, prep_time, calories, is_vegetarian, is_vegan, is_gluten_free, is_spicy, is_popular, station,
         modifiers_schema_json, sort_order, temperature, is_fragile)
       VALUES (@id, @venueId, @name, @description, @price, @category, @isAvailable, @imageUrl, @allergens, @prepTime,
         @calories, @isVegetarian, @isVegan, @isGlutenFree, @isSpicy, @isPopular, @station, @modifiersSchema, @sortOrder,
         @temperature, @isFragile)`,
    )
    .run({
      ...m,
      isAvailable: m.isAvailable ? 1 : 0,
      isVegetarian: m.isVegetarian ? 1 : 0,
      isVegan: m.isVegan ? 1 : 0,
      isGlutenFree: m.isGlutenFree ? 1 : 0,
      isSpicy: m.isSpicy ? 1 : 0,
      isPopular: m.isPopular ? 1 : 0,
      isFragile: m.isFragile ? 1 : 0,
      temperature: m.temperature ?? null,
      allergens: JSON.stringify(m.allergens),
      modifiersSchema: JSON.stringify(m.modifiersSchema),
    });
}
