// A whole venue as a restaurant runs it, for the service journeys: the printer emulator with one
// printer per kitchen station, the cloud on its own seeded PostgreSQL database (the demo venue,
// its station printers pointed at the emulator) and one terminal core paired to the venue and
// serving the staff app from its replica. `close()` takes it all down.
import { join } from 'node:path';
import { type DemoCloud, startDemoCloud } from './demo-cloud.js';
import { freePort, type Proc, runTsxJson, startTsx, waitForHttp } from './processes.js';

const STATIONS = ['Grill', 'Fry', 'Cold', 'Bar'] as const;

export interface VenueStack {
  cloud: DemoCloud;
  terminalUrl: string;
  /** The printer emulator's page of printed tickets (GET /tickets answers them as JSON). */
  printerUrl: string;
  close(): Promise<void>;
}

export async function startVenueStack(
  label: string,
  env: (dataDir: string) => Record<string, string> = () => ({}),
): Promise<VenueStack> {
  const procs: Proc[] = [];
  let cloud: DemoCloud | undefined;
  const close = async () => {
    for (const p of procs.reverse()) await p.kill('SIGKILL');
    await cloud?.close();
  };
  try {
    const printerPorts = await Promise.all(STATIONS.map(() => freePort()));
    const printerHttp = await freePort();
    const emulator = startTsx('printer emulator', 'scripts/printer-emulator/cli.ts', [
      ...STATIONS.flatMap((s, i) => ['--printer', `${s} Printer=${printerPorts[i]}`]),
      '--http-port',
      String(printerHttp),
    ]);
    procs.push(emulator);
    await waitForHttp(`http://127.0.0.1:${printerHttp}/tickets`, emulator);
    // Seeding the demo venue again points its station printers at the emulator.
    cloud = await startDemoCloud(label, env, (databaseUrl) =>
      runTsxJson(
        'scripts/demo-cli.ts',
        ['seed', ...STATIONS.flatMap((s, i) => ['--printer', `${s}=127.0.0.1:${printerPorts[i]}`])],
        { DATABASE_URL: databaseUrl },
      ).then(() => {}),
    );
    const terminalDir = join(cloud.dataDir, 'terminal');
    const paired = await runTsxJson<{ credential: string }>(
      'scripts/demo-cli.ts',
      ['pair', '--cloud', cloud.url, '--data-dir', terminalDir],
      { DATABASE_URL: cloud.databaseUrl },
    );
    const terminalPort = await freePort();
    const terminalUrl = `http://127.0.0.1:${terminalPort}`;
    const terminal = startTsx('terminal', 'desktop/src/core/cli.ts', [
      '--cloud',
      cloud.url,
      '--credential',
      paired.credential,
      '--data-dir',
      terminalDir,
      '--port',
      String(terminalPort),
      '--static',
      join(process.cwd(), 'desktop/dist/web'),
    ]);
    procs.push(terminal);
    await waitForHttp(`${terminalUrl}/api/auth/me`, terminal);
    return { cloud, terminalUrl, printerUrl: `http://127.0.0.1:${printerHttp}`, close };
  } catch (error) {
    await close();
    throw error;
  }
}
