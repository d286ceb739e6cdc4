// The dish dialog: quantity, modifiers (a single-choice group is a radio choice, a multiple-choice
// group checkboxes), special instructions and course (by default the one the dish's menu category
// names). Nothing goes in the cart until every required group is chosen.
import {
  CartLine,
  COURSE_LABELS,
  COURSES,
  type Course,
  chooseModifiers,
  courseForCategory,
  displayMoney,
  GUEST_TEXTS,
  type MenuItem,
  type ModifierGroup,
  priceLine,
  toCents,
} from '@tablewise/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Sheet } from '../../../app/Sheet.js';
import type { CartLineChoice } from '../cart.js';

export function ItemDialog({
  item,
  onAdd,
  onClose,
}: {
  item: MenuItem;
  onAdd: (line: CartLineChoice) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [quantity, setQuantity] = useState(1);
  const [selections, setSelections] = useState<Record<string, string[]>>({});
  const [instructions, setInstructions] = useState('');
  // The course its menu category names (a drink, a starter, a dessert); the guest may choose another.
  const [course, setCourse] = useState<Course>(() => courseForCategory(item.category));
  const [errors, setErrors] = useState<string[]>([]);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstField.current?.focus();
  }, []);

  const modifiers = item.modifiersSchema
    .map((group) => ({ groupId: group.id, optionIds: selections[group.id] ?? [] }))
    .filter((m) => m.optionIds.length > 0);

  // Priced from what is ticked so far; a required group may still be empty while choosing.
  const draftPrice =
    Number.isInteger(quantity) && quantity >= 1 ? priceLine(item, { quantity, modifiers }, { draft: true }) : null;

  const choose = (group: ModifierGroup, optionId: string, on: boolean) => {
    setSelections((current) => {
      const picked = current[group.id] ?? [];
      if (group.type === 'single') return { ...current, [group.id]: on && optionId ? [optionId] : [] };
      const next = on ? [...new Set([...picked, optionId])] : picked.filter((id) => id !== optionId);
      return { ...current, [group.id]: next };
    });
  };

  const submit = () => {
    const parsed = CartLine.safeParse({
      menuItemId: item.id,
      // An emptied quantity box reads as 0, so the guest gets the schema's "at least 1" message.
      quantity: Number.isNaN(quantity) ? 0 : quantity,
      modifiers,
      specialInstructions: instructions.trim() ? instructions : undefined,
      course,
    });
    const chosen = chooseModifiers(item.name, item.modifiersSchema, modifiers);
    const problems = [
      ...(parsed.success ? [] : parsed.error.issues.map((i) => i.message)),
      ...(chosen.ok ? [] : [chosen.reason]),
    ];
    setErrors(problems);
    if (problems.length > 0 || !parsed.success) return;
    onAdd(parsed.data);
  };

  return (
    <Sheet title={item.name} testId="item-dialog" onClose={onClose}>
      {item.description ? <p className="muted">{item.description}</p> : null}
      <p className="price">{displayMoney(toCents(item.price))}</p>

      <div className="field">
        <label htmlFor={`${titleId}-qty`}>{GUEST_TEXTS.quantity}</label>
        <div className="stepper">
          <button
            type="button"
            className="icon-button"
            aria-label={GUEST_TEXTS.decrease}
            disabled={quantity <= 1}
            onClick={() => setQuantity((q) => (Number.isNaN(q) ? 1 : Math.max(1, q - 1)))}
          >
            −
          </button>
          <input
            ref={firstField}
            id={`${titleId}-qty`}
            data-testid="item-quantity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={Number.isNaN(quantity) ? '' : quantity}
            onChange={(e) => setQuantity(e.target.value === '' ? Number.NaN : Math.trunc(Number(e.target.value)))}
          />
          <button
            type="button"
            className="icon-button"
            aria-label={GUEST_TEXTS.increase}
            onClick={() => setQuantity((q) => (Number.isNaN(q) ? 1 : q + 1))}
          >
            +
          </button>
        </div>
      </div>

      {item.modifiersSchema.map((group) => (
        <fieldset key={group.id} className="modifier-group" data-testid="modifier-group">
          <legend>
            {group.name}
            {group.required ? <span className="badge badge-required">{GUEST_TEXTS.required}</span> : null}
          </legend>
          {group.type === 'single' && !group.required ? (
            <label className="check">
              <input
                type="radio"
                name={`${titleId}-${group.id}`}
                checked={(selections[group.id] ?? []).length === 0}
                onChange={() => choose(group, '', false)}
              />
              {GUEST_TEXTS.noOption}
            </label>
          ) : null}
          {group.options.map((option) => {
            const checked = (selections[group.id] ?? []).includes(option.id);
            const extra = toCents(option.price);
            return (
              <label key={option.id} className="check">
                <input
                  type={group.type === 'single' ? 'radio' : 'checkbox'}
                  name={`${titleId}-${group.id}`}
                  value={option.id}
                  checked={checked}
                  onChange={(e) => choose(group, option.id, e.target.checked)}
                />
                {extra > 0 ? `${option.name} (+${displayMoney(extra)})` : option.name}
              </label>
            );
          })}
        </fieldset>
      ))}

      <div className="field">
        <label htmlFor={`${titleId}-notes`}>{GUEST_TEXTS.specialInstructions}</label>
        <textarea
          id={`${titleId}-notes`}
          data-testid="item-instructions"
          rows={2}
          maxLength={500}
          value={instructions}
          onChange={(e) => setInstructions(e.target.value)}
        />
      </div>

      <div className="field">
        <label htmlFor={`${titleId}-course`}>{GUEST_TEXTS.course}</label>
        <select
          id={`${titleId}-course`}
          data-testid="item-course"
          value={course}
          onChange={(e) => setCourse(e.target.value as Course)}
        >
          {COURSES.map((c) => (
            <option key={c} value={c}>
              {COURSE_LABELS[c]}
            </option>
          ))}
        </select>
      </div>

      {errors.length > 0 ? (
        <ul className="error-list" role="alert" data-testid="item-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}

      <button type="button" className="button button-primary button-block" data-testid="add-to-cart" onClick={submit}>
        {GUEST_TEXTS.addToCart}
        {draftPrice?.ok ? ` · ${displayMoney(draftPrice.totalCents)}` : ''}
      </button>
    </Sheet>
  );
}
