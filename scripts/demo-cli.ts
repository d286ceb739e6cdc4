// Demo set-up steps as commands, for end-to-end tests and operators:
//   tsx scripts/demo-cli.ts seed --printer Grill=127.0.0.1:9101 ...   (DATABASE_URL; migrates, seeds once)
//   tsx scripts/demo-cli.ts pair --cloud URL --data-dir DIR           (DATABASE_URL; pairs a terminal, gives it the printers)
// Each prints its result as one JSON line.
import { parseArgs } from 'node:util';
import { closeDb, connectDb } from '../cloud/src/db/connect.js';
import { migrateLatest } from '../cloud/src/db/migrate.js';
import { seedDemo } from '../cloud/src/db/seed/demo.js';
import { assignVenuePrinters, pairDemoTerminal } from './demo.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    printer: { type: 'string', multiple: true, default: [] },
    cloud: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});

function parsePrinter(spec: string): { station: string; host: string; port: number } {
  const match = /^([^=]+)=([^:]+):(\d+)$/.exec(spec);
  if (!match) throw new Error(`--printer takes STATION=HOST:PORT, got ${spec}`);
  return { station: match[1] as string, host: match[2] as string, port: Number(match[3]) };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const db = await connectDb({ databaseUrl });
  try {
    await migrateLatest(db);
    const seed = await seedDemo(db, { printers: (values.printer ?? []).map(parsePrinter) });
    switch (positionals[0]) {
      case 'seed':
        console.log(JSON.stringify(seed));
        break;
      case 'pair': {
        if (!values.cloud || !values['data-dir']) throw new Error('pair needs --cloud and --data-dir');
        const paired = await pairDemoTerminal({ cloudUrl: values.cloud, dataDir: values['data-dir'] });
        await assignVenuePrinters(values.cloud, paired.terminalId);
        console.log(JSON.stringify({ ...seed, ...paired }));
        break;
      }
      default:
        throw new Error(`Unknown command ${positionals[0] ?? '(none)'}: use seed or pair`);
    }
  } finally {
    await closeDb(db);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
