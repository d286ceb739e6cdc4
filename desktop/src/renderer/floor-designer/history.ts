// One store for the layout being designed, with undo marks (tldraw's HistoryManager, small): every
// edit of the session can be undone and redone; a drag is one mark however many moves it makes;
// a layout loaded from the server (a reload, a restore) starts a new history and never enters undo.
import type { FloorLayout } from '@tablewise/shared';

type Listener = () => void;

export class DesignStore {
  private current: FloorLayout;
  private past: FloorLayout[] = [];
  private future: FloorLayout[] = [];
  private listeners = new Set<Listener>();
  /** Edits since the last load or save: the draft is unsaved. */
  dirty = false;

  constructor(initial: FloorLayout) {
    this.current = initial;
  }

  get = (): FloorLayout => this.current;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const l of this.listeners) l();
  }

  /** An edit: marks the layout before it so Undo brings it back. */
  apply(change: (layout: FloorLayout) => FloorLayout): void {
    const next = change(this.current);
    if (next === this.current) return;
    this.past.push(this.current);
    if (this.past.length > 200) this.past.shift();
    this.future = [];
    this.current = next;
    this.dirty = true;
    this.emit();
  }

  /** Marks the layout as it is, for an edit made of many steps (a drag), applied with `preview`. */
  mark(): void {
    this.past.push(this.current);
    this.future = [];
  }

  /** One step of a marked edit: no mark of its own. */
  preview(change: (layout: FloorLayout) => FloorLayout): void {
    this.current = change(this.current);
    this.dirty = true;
    this.emit();
  }

  /** A layout from the server: a new history. */
  load(layout: FloorLayout): void {
    this.current = layout;
    this.past = [];
    this.future = [];
    this.dirty = false;
    this.emit();
  }

  /** The server saved it: the history stays, the draft is clean. */
  saved(layout: FloorLayout): void {
    this.current = layout;
    this.dirty = false;
    this.emit();
  }

  canUndo(): boolean {
    return this.past.length > 0;
  }
  canRedo(): boolean {
    return this.future.length > 0;
  }

  undo(): void {
    const previous = this.past.pop();
    if (!previous) return;
    this.future.push(this.current);
    this.current = previous;
    this.dirty = true;
    this.emit();
  }

  redo(): void {
    const next = this.future.pop();
    if (!next) return;
    this.past.push(this.current);
    this.current = next;
    this.dirty = true;
    this.emit();
  }
}
