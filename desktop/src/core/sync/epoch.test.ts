import { expect, it } from 'vitest';
import { type EpochVerdict, epochVerdict } from './epoch.js';

it.each<[string | null, string | undefined, EpochVerdict]>([
  ['e1', 'e1', 'same'],
  ['e1', 'e2', 'rebuild'],
  // A replica made before epochs: its cursor may belong to any database.
  [null, 'e1', 'rebuild'],
  // A cloud that does not say cannot be judged.
  ['e1', undefined, 'same'],
  [null, undefined, 'same'],
])('stored %s, cloud %s: %s', (stored, cloud, verdict) => {
  expect(epochVerdict(stored, cloud)).toBe(verdict);
});
