// IANA time zones: whether one is known, and a formatter for it. Making an Intl.DateTimeFormat
// costs far more than using one (on the terminal it was most of laying out a kitchen ticket), so
// each zone's formatter is made once and kept. Zones come from a few venues; unknown names are
// remembered too, and the memory is bounded all the same.

/** Zones remembered at most; past this the memory starts again. */
const REMEMBERED_ZONES = 64;

const ticketFormats = new Map<string, Intl.DateTimeFormat | null>();

/** "Jun 14, 7:42 PM" in `timeZone`, or null when the zone is unknown. */
export function ticketTimeFormat(timeZone: string): Intl.DateTimeFormat | null {
  const known = ticketFormats.get(timeZone);
  if (known !== undefined) return known;
  let format: Intl.DateTimeFormat | null;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
  } catch {
    format = null;
  }
  if (ticketFormats.size >= REMEMBERED_ZONES) ticketFormats.clear();
  ticketFormats.set(timeZone, format);
  return format;
}

/** Whether `timeZone` names a zone this runtime knows (an IANA name such as Europe/Paris, or UTC). */
export function isTimeZone(timeZone: string): boolean {
  return ticketTimeFormat(timeZone) !== null;
}
