// How tables are ordered and named in lists: one rule for the floor, the kitchen and every API
// answer, so the cloud and the terminal list the same tables the same way.

/** Code-point order: the same on every machine, unlike a locale's collation. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const WHOLE_NUMBER = /^\d+$/;

/** Table numbers are text ("2", "10", "B1"): whole numbers by value first, the rest after them
 * in text order; ties by id, so the order never depends on how rows came back. */
export function compareTables(a: { number: string; id: string }, b: { number: string; id: string }): number {
  const aWhole = WHOLE_NUMBER.test(a.number);
  const bWhole = WHOLE_NUMBER.test(b.number);
  if (aWhole !== bWhole) return aWhole ? -1 : 1;
  const byNumber = aWhole ? Number(a.number) - Number(b.number) : compareText(a.number, b.number);
  return byNumber || compareText(a.number, b.number) || compareText(a.id, b.id);
}

/** What the kitchen calls an order's table: its number, else the name the order carries. */
export function tableLabel(table: { number: string } | null | undefined, orderTableName: string | null): string | null {
  return table?.number ?? orderTableName ?? null;
}
