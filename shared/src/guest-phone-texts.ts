// A phone that joins a party already seated (issue 27, finding 2): what the waiting phone and the
// party's phones show.
export const GUEST_PHONE_TEXTS = {
  waitingTitle: 'Waiting to join your table',
  waiting: (table: string | null) =>
    `Someone already checked in at ${table ?? 'this table'}. Ask them to tap Let in on their phone, or ask a server. This page moves on by itself.`,
  declinedTitle: 'Not let in',
  declined: 'This phone was not let in to the party at this table. Please ask a server.',
  payMeanwhile: 'You can still pay the bill',
  askingTitle: 'A phone asks to join your table',
  asking: (when: string) => `Asked at ${when}. Only let in phones of people at your table.`,
  letIn: 'Let in',
  turnAway: 'Not ours',
  answerFailed: 'Could not answer the phone',
} as const;
