// Add or edit a menu item with its modifier groups (spec 3 section 3's fields), checked by the
// same shared schema the cloud checks with; a refused field is named under it.
import {
  CreateMenuItemRequest,
  MENU_MANAGEMENT_TEXTS,
  type MenuItem,
  type ModifierGroupInput,
  UpdateMenuItemRequest,
} from '@tablewise/shared';
import { type FormEvent, useRef, useState } from 'react';
import { useSaveItem } from '../api/save-item.js';

const T = MENU_MANAGEMENT_TEXTS;
const FLAGS = ['isAvailable', 'isVegetarian', 'isVegan', 'isGlutenFree', 'isSpicy', 'isPopular'] as const;
type Flag = (typeof FLAGS)[number];

/** `key` names a row on screen only (React's key); it is not sent. */
interface OptionDraft {
  key: string;
  id: string;
  name: string;
  price: string;
}
interface GroupDraft {
  key: string;
  id: string;
  name: string;
  type: 'single' | 'multiple';
  required: boolean;
  options: OptionDraft[];
}
interface Draft {
  name: string;
  description: string;
  price: string;
  category: string;
  station: string;
  prepTime: string;
  calories: string;
  allergens: string;
  flags: Record<Flag, boolean>;
  groups: GroupDraft[];
}

function draftOf(item: MenuItem | null): Draft {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    price: item?.price ?? '',
    category: item?.category ?? '',
    station: item?.station ?? '',
    prepTime: item?.prepTime === null || item?.prepTime === undefined ? '' : String(item.prepTime),
    calories: item?.calories === null || item?.calories === undefined ? '' : String(item.calories),
    allergens: item?.allergens.join(', ') ?? '',
    flags: {
      isAvailable: item?.isAvailable ?? true,
      isVegetarian: item?.isVegetarian ?? false,
      isVegan: item?.isVegan ?? false,
      isGlutenFree: item?.isGlutenFree ?? false,
      isSpicy: item?.isSpicy ?? false,
      isPopular: item?.isPopular ?? false,
    },
    groups: (item?.modifiersSchema ?? []).map((g) => ({
      ...g,
      key: crypto.randomUUID(),
      options: g.options.map((o) => ({ ...o, key: crypto.randomUUID() })),
    })),
  };
}

/** A short id from a name, as orders refer to groups and options ("Extra cheese" → extra-cheese). */
function slug(name: string, taken: readonly string[], fallback: string): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || fallback;
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function bodyOf(d: Draft) {
  const groups: ModifierGroupInput[] = d.groups.map((g) => {
    const options: { id: string; name: string; price: string }[] = [];
    for (const o of g.options) {
      options.push({
        ...o,
        id:
          o.id ||
          slug(
            o.name,
            options.map((x) => x.id),
            'option',
          ),
        price: o.price || '0.00',
      });
    }
    return { ...g, options };
  });
  const ids: string[] = [];
  for (const g of groups) {
    g.id ||= slug(g.name, ids, 'group');
    ids.push(g.id);
  }
  return {
    name: d.name,
    description: d.description.trim() === '' ? null : d.description,
    price: d.price.trim(),
    category: d.category,
    station: d.station.trim() === '' ? null : d.station,
    prepTime: numberOrNull(d.prepTime),
    calories: numberOrNull(d.calories),
    allergens: d.allergens
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    ...d.flags,
    modifiersSchema: groups,
  };
}

export function ItemForm({ item, onClose }: { item: MenuItem | null; onClose(): void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const [problems, setProblems] = useState<Record<string, string>>({});
  // One id per item being added: a second tap adds it once.
  const newId = useRef(crypto.randomUUID());
  const save = useSaveItem();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setGroup = (index: number, patch: Partial<GroupDraft>) =>
    set({ groups: draft.groups.map((g, i) => (i === index ? { ...g, ...patch } : g)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(draft);
    const parsed = item
      ? UpdateMenuItemRequest.safeParse(body)
      : CreateMenuItemRequest.safeParse({ ...body, id: newId.current });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'form')] ??= issue.message;
      setProblems(found);
      return;
    }
    setProblems({});
    save.mutate(
      item
        ? { kind: 'update', id: item.id, body: parsed.data as UpdateMenuItemRequest }
        : { kind: 'create', body: parsed.data as CreateMenuItemRequest },
      { onSuccess: onClose },
    );
  };

  const text = (
    field: 'name' | 'price' | 'category' | 'station' | 'prepTime' | 'calories' | 'allergens',
    inputMode?: 'decimal' | 'numeric',
  ) => (
    <label>
      {T.fields[field]}
      <input
        name={field}
        value={draft[field]}
        inputMode={inputMode}
        onChange={(e) => set({ [field]: e.target.value })}
        data-testid={`item-${field}`}
      />
      {problems[field] && <span className="field-problem">{problems[field]}</span>}
    </label>
  );

  return (
    <div className="dialog-backdrop">
      <form
        className="dialog item-form"
        aria-label={item ? T.editItemTitle(item.name) : T.newItemTitle}
        onSubmit={submit}
        noValidate
      >
        <h2>{item ? T.editItemTitle(item.name) : T.newItemTitle}</h2>
        {text('name')}
        <label>
          {T.fields.description}
          <textarea value={draft.description} rows={2} onChange={(e) => set({ description: e.target.value })} />
          {problems.description && <span className="field-problem">{problems.description}</span>}
        </label>
        <div className="form-row">
          {text('price', 'decimal')}
          {text('category')}
        </div>
        <div className="form-row">
          {text('station')}
          {text('prepTime', 'numeric')}
          {text('calories', 'numeric')}
        </div>
        {text('allergens')}
        <fieldset className="flag-row">
          {FLAGS.map((flag) => (
            <label key={flag} className="check">
              <input
                type="checkbox"
                checked={draft.flags[flag]}
                onChange={(e) => set({ flags: { ...draft.flags, [flag]: e.target.checked } })}
              />
              {T.fields[flag]}
            </label>
          ))}
        </fieldset>
        <fieldset className="modifier-groups">
          <legend>{T.modifierGroups}</legend>
          {draft.groups.map((group, gi) => (
            <div key={group.key} className="modifier-group" data-testid="modifier-group">
              <div className="form-row">
                <input
                  aria-label={T.groupName}
                  placeholder={T.groupName}
                  value={group.name}
                  onChange={(e) => setGroup(gi, { name: e.target.value })}
                />
                <select
                  value={group.type}
                  onChange={(e) => setGroup(gi, { type: e.target.value as GroupDraft['type'] })}
                >
                  <option value="single">{T.groupType.single}</option>
                  <option value="multiple">{T.groupType.multiple}</option>
                </select>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={group.required}
                    onChange={(e) => setGroup(gi, { required: e.target.checked })}
                  />
                  {T.groupRequired}
                </label>
                <button
                  type="button"
                  className="button"
                  onClick={() => set({ groups: draft.groups.filter((_, i) => i !== gi) })}
                >
                  {T.removeGroup}
                </button>
              </div>
              {group.options.map((option, oi) => (
                <div key={option.key} className="form-row option-row">
                  <input
                    aria-label={T.optionName}
                    placeholder={T.optionName}
                    value={option.name}
                    onChange={(e) =>
                      setGroup(gi, {
                        options: group.options.map((o, i) => (i === oi ? { ...o, name: e.target.value } : o)),
                      })
                    }
                  />
                  <input
                    aria-label={T.optionPrice}
                    placeholder="0.00"
                    inputMode="decimal"
                    value={option.price}
                    onChange={(e) =>
                      setGroup(gi, {
                        options: group.options.map((o, i) => (i === oi ? { ...o, price: e.target.value } : o)),
                      })
                    }
                  />
                  <button
                    type="button"
                    className="button"
                    onClick={() => setGroup(gi, { options: group.options.filter((_, i) => i !== oi) })}
                  >
                    {T.removeOption}
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="button"
                onClick={() =>
                  setGroup(gi, {
                    options: [...group.options, { key: crypto.randomUUID(), id: '', name: '', price: '' }],
                  })
                }
              >
                {T.addOption}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="button"
            onClick={() =>
              set({
                groups: [
                  ...draft.groups,
                  { key: crypto.randomUUID(), id: '', name: '', type: 'single', required: false, options: [] },
                ],
              })
            }
          >
            {T.addGroup}
          </button>
          {problems.modifiersSchema && <span className="field-problem">{problems.modifiersSchema}</span>}
        </fieldset>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {T.cancel}
          </button>
          <button type="submit" className="button primary" disabled={save.isPending} data-testid="item-save">
            {T.save}
          </button>
        </div>
      </form>
    </div>
  );
}
