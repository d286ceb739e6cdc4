import { MESSAGES } from '@tablewise/shared';

export function NotFound() {
  return (
    <section className="not-found">
      <h1>{MESSAGES.notFoundTitle}</h1>
      <p>{MESSAGES.notFoundHint}</p>
    </section>
  );
}
