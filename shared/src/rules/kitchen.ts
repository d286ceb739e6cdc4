// What the kitchen display shows of an order item.
import type { KitchenItem, OrderItem } from '../schemas/entities.js';
import { isHeld } from './order-items.js';

/** An order item as a kitchen card: modifiers as option names, held while its course waits. */
export function toKitchenItem(
  item: OrderItem,
  tableNumber: string | null,
  priority: KitchenItem['priority'] = 'normal',
): KitchenItem {
  return {
    id: item.id,
    orderId: item.orderId,
    menuItem: { name: item.menuItemName, station: item.station, prepTime: item.prepTime },
    quantity: item.quantity,
    priority,
    course: item.course,
    modifiers: item.modifiers.map((m) => m.optionName),
    notes: item.notes,
    tableNumber,
    createdAt: item.createdAt,
    fireAt: item.fireAt,
    held: isHeld(item.status),
    status: item.status,
  };
}
