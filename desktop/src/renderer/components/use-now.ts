import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs`, so ages and progress bars move on their own. */
export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const handle = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(handle);
  }, [everyMs]);
  return now;
}
