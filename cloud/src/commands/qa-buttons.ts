// The Broken Buttons scan of a QA run (issue 26): the declared buttons of the staff screens
// (shared SCREEN_BUTTONS) against the routes this cloud serves and the roles' rights.
import { type BrokenButton, brokenButtons } from '@tablewise/shared';

export function scanBrokenButtons(served: ReadonlySet<string>): BrokenButton[] {
  return brokenButtons(served);
}
