// The Menu tab (spec 2 section 2.5): items by category with price, description, station and
// availability; the toggle takes an item off every guest's menu at once.
import { MENU_ORDERS_TEXTS, type MenuItem } from '@tablewise/shared';
import { useState } from 'react';
import { useMenu } from '../api/get-menu.js';
import { useSetAvailability } from '../api/set-availability.js';

const T = MENU_ORDERS_TEXTS;

function MenuRow({ item }: { item: MenuItem }) {
  const toggle = useSetAvailability();
  // While the change is on its way the switch shows where it was moved to, set in the same event:
  // a controlled checkbox would otherwise spring back until the mutation's state reaches React.
  const [moving, setMoving] = useState<boolean | null>(null);
  const available = moving ?? item.isAvailable;
  return (
    <li className={`menu-row${available ? '' : ' off'}`} data-testid="menu-row" data-item-id={item.id}>
      <div className="menu-row-what">
        <strong>{item.name}</strong>
        {item.description && <span className="muted">{item.description}</span>}
      </div>
      <span className="badge">{item.station ?? T.noStation}</span>
      <span className="menu-row-price">${item.price}</span>
      <label className="switch">
        <input
          type="checkbox"
          checked={available}
          disabled={toggle.isPending}
          aria-label={T.availabilityLabel(item.name)}
          data-testid="availability-toggle"
          onChange={(e) => {
            setMoving(e.target.checked);
            toggle.mutate({ id: item.id, isAvailable: e.target.checked }, { onSettled: () => setMoving(null) });
          }}
        />
        <span>{available ? T.available : T.unavailable}</span>
      </label>
    </li>
  );
}

export function MenuTab() {
  const menu = useMenu();
  if (!menu.data) return <p className="page-status">{T.noMenu}</p>;
  const groups = Object.entries(menu.data.groupedByCategory);
  if (groups.length === 0) return <p className="empty">{T.noMenu}</p>;
  return (
    <div className="menu-groups">
      {groups.map(([category, items]) => (
        <section key={category} className="menu-group">
          <h2>{category}</h2>
          <ul className="menu-rows">
            {items.map((item) => (
              <MenuRow key={item.id} item={item} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
