// The page's CSP forbids eval; without this zod probes `new Function` and the browser logs a
// CSP violation on every load. Imported first by main.tsx, before any schema parses.
import { z } from 'zod';

z.config({ jitless: true });
