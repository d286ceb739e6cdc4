// A loopback port free now, for a process that is told its port before it starts (a cloud whose
// PUBLIC_URL names it, a terminal that must come back on the same port). Node only.
//
// Taken below the kernel's ephemeral range: a port found by listening on port 0 comes from that
// range, and between finding it and the process binding it any outgoing connection or any other
// listen(0) on the machine (a parallel test) may take it. Then the process fails to start while
// whatever took the port answers in its place.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const SPAN = 12_000;

function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > SPAN + 1024 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function tryListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  const top = ephemeralLow();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = top - 1 - Math.floor(Math.random() * SPAN);
    if (await tryListen(port, host)) return port;
  }
  throw new Error(`No free port on ${host} between ${top - SPAN} and ${top - 1}`);
}
