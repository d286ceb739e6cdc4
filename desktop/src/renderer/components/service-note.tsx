// A table's service note ("Paid · 2 items to serve", shared tableServiceNote) as the floor tiles
// show it: each part kept whole, so a narrow tile breaks it only at the dot ("Paid ·" over
// "2 items to serve"), never inside "2 items" (issue 22).
export function ServiceNoteText({ note }: { note: string }) {
  const parts = note.split(' · ');
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, in order
        <span key={i} className="service-note-part">
          {i < parts.length - 1 ? `${part} ·` : part}
          {i < parts.length - 1 ? ' ' : ''}
        </span>
      ))}
    </>
  );
}
