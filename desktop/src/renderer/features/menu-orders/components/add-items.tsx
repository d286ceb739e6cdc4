// Staff order entry for a table (Add Items): dishes from the available menu with quantity, course
// and modifiers, checked by the shared modifier rule before sending, then placed through the same
// order call as a guest's, so prices come from the menu on the server.
import {
  type CartLine,
  COURSE_LABELS,
  COURSES,
  type Course,
  chooseModifiers,
  courseForCategory,
  MENU_ORDERS_TEXTS,
  type MenuItem,
} from '@tablewise/shared';
import { useRef, useState } from 'react';
import { useAddItems } from '../api/add-items.js';
import { useMenu } from '../api/get-menu.js';

const T = MENU_ORDERS_TEXTS;

interface Line {
  key: string;
  item: MenuItem;
  quantity: number;
  course: Course;
  /** Chosen option ids by group id. */
  choices: Record<string, string[]>;
}

function LineEditor({ line, onChange, onRemove }: { line: Line; onChange(l: Line): void; onRemove(): void }) {
  const set = (groupId: string, ids: string[]) => onChange({ ...line, choices: { ...line.choices, [groupId]: ids } });
  return (
    <li className="entry-line" data-testid="entry-line">
      <div className="form-row">
        <strong className="entry-name">{line.item.name}</strong>
        <input
          type="number"
          min={1}
          max={99}
          aria-label={T.quantity}
          value={line.quantity}
          onChange={(e) => onChange({ ...line, quantity: Math.max(1, Number(e.target.value) || 1) })}
        />
        <select
          aria-label={T.course}
          value={line.course}
          onChange={(e) => onChange({ ...line, course: e.target.value as Course })}
        >
          {COURSES.map((c) => (
            <option key={c} value={c}>
              {COURSE_LABELS[c]}
            </option>
          ))}
        </select>
        <button type="button" className="button" onClick={onRemove}>
          {T.removeLine}
        </button>
      </div>
      {line.item.modifiersSchema.map((group) =>
        group.type === 'single' ? (
          <label key={group.id} className="entry-modifier">
            {group.name}
            <select
              value={line.choices[group.id]?.[0] ?? ''}
              onChange={(e) => set(group.id, e.target.value ? [e.target.value] : [])}
              data-testid={`modifier-${group.id}`}
            >
              <option value="">{group.required ? T.chooseOne : T.none}</option>
              {group.options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                  {o.price !== '0.00' ? ` (+$${o.price})` : ''}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <fieldset key={group.id} className="entry-modifier">
            <legend>{group.name}</legend>
            {group.options.map((o) => {
              const chosen = line.choices[group.id] ?? [];
              return (
                <label key={o.id} className="check">
                  <input
                    type="checkbox"
                    checked={chosen.includes(o.id)}
                    onChange={(e) =>
                      set(group.id, e.target.checked ? [...chosen, o.id] : chosen.filter((x) => x !== o.id))
                    }
                  />
                  {o.name}
                  {o.price !== '0.00' ? ` (+$${o.price})` : ''}
                </label>
              );
            })}
          </fieldset>
        ),
      )}
    </li>
  );
}

export function AddItems({ sessionId, tableName, onClose }: { sessionId: string; tableName: string; onClose(): void }) {
  const menu = useMenu();
  const add = useAddItems();
  const [lines, setLines] = useState<Line[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  // One id per order being entered: a second tap on Send places it once.
  const orderId = useRef(crypto.randomUUID());
  const available = menu.data?.items.filter((i) => i.isAvailable) ?? [];

  const send = () => {
    const cart: CartLine[] = [];
    for (const line of lines) {
      const modifiers = Object.entries(line.choices)
        .filter(([, ids]) => ids.length > 0)
        .map(([groupId, optionIds]) => ({ groupId, optionIds }));
      const checked = chooseModifiers(line.item.name, line.item.modifiersSchema, modifiers);
      if (!checked.ok) {
        setProblem(checked.reason);
        return;
      }
      cart.push({ menuItemId: line.item.id, quantity: line.quantity, course: line.course, modifiers });
    }
    setProblem(null);
    add.mutate({ id: orderId.current, sessionId, items: cart }, { onSuccess: onClose });
  };

  return (
    <div className="dialog-backdrop">
      <section className="dialog add-items" role="dialog" aria-label={T.addItemsTitle(tableName)}>
        <h2>{T.addItemsTitle(tableName)}</h2>
        <label>
          {T.addDish}
          <select
            value=""
            data-testid="entry-dish"
            onChange={(e) => {
              const item = available.find((i) => i.id === e.target.value);
              if (item) {
                setLines([
                  ...lines,
                  {
                    key: crypto.randomUUID(),
                    item,
                    quantity: 1,
                    course: courseForCategory(item.category),
                    choices: {},
                  },
                ]);
              }
            }}
          >
            <option value="">{T.chooseDish}</option>
            {available.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name} · ${i.price}
              </option>
            ))}
          </select>
        </label>
        <ul className="entry-lines">
          {lines.map((line) => (
            <LineEditor
              key={line.key}
              line={line}
              onChange={(l) => setLines(lines.map((x) => (x.key === l.key ? l : x)))}
              onRemove={() => setLines(lines.filter((x) => x.key !== line.key))}
            />
          ))}
        </ul>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {T.close}
          </button>
          <button
            type="button"
            className="button primary"
            disabled={lines.length === 0 || add.isPending}
            onClick={send}
            data-testid="entry-send"
          >
            {T.sendOrder}
          </button>
        </div>
      </section>
    </div>
  );
}
