// npm run printer-emulator -- [--printer NAME=PORT]... [--host HOST] [--http-port PORT]

import { type Options, parseArgs } from './args.js';
import { startEmulatorControl } from './control.js';
import { startPrinterEmulators } from './emulator.js';

async function main(): Promise<void> {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const emulators = await startPrinterEmulators(options.printers.map((p) => ({ ...p, host: options.host })));
  const control = await startEmulatorControl({ emulators, port: options.httpPort, host: options.host });
  for (const e of emulators) console.log(`Printer ${e.name} listening on ${e.host}:${e.port} (ESC/POS over TCP)`);
  console.log(`Tickets and controls at ${control.url}/ (GET /tickets, POST /condition, POST /clear)`);
  const shutdown = async () => {
    await control.close();
    await Promise.all(emulators.map((e) => e.close()));
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

void main();
