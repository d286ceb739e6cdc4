// A page that needs a dining session, opened on a phone that has none (or one the cloud no longer
// knows): it says so in words, and offers the way to check in, instead of the call's refusal.
import { CheckinLinks } from './CheckinLinks.js';

export function NoSessionPage({ title, hint }: { title: string; hint: string }) {
  return (
    <main className="page page-center" data-testid="no-session">
      <h1>{title}</h1>
      <p className="muted">{hint}</p>
      <CheckinLinks />
    </main>
  );
}
