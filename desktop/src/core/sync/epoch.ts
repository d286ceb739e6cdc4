// Whether the replica's cursor still means anything to the cloud. A cursor counts the events of one
// cloud database; a restored or replaced database has another epoch, and its events of the same
// numbers may be other events. Skipping them would leave the replica silently wrong.

export type EpochVerdict =
  /** Same database: the cursor holds. */
  | 'same'
  /** Another database, or one the replica never learnt: rebuild from a snapshot. */
  | 'rebuild';

/**
 * `stored` is the replica's epoch (null for a replica that never learnt one); `cloud` is what the
 * cloud said (undefined from a cloud too old to say, which cannot be judged and is trusted).
 */
export function epochVerdict(stored: string | null, cloud: string | undefined): EpochVerdict {
  if (cloud === undefined) return 'same';
  return stored === cloud ? 'same' : 'rebuild';
}
