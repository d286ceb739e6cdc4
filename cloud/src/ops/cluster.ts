// Several cloud instances on one PostgreSQL behind a real reverse proxy (HAProxy, Debian's
// `haproxy` package), as `npm run cluster` runs them and the cluster test kills one of them.
//
// The proxy balances round robin with no sticky sessions: any instance answers any request, and a
// WebSocket lands wherever its upgrade does. It checks each instance's readiness every second and
// stops sending it requests after two failures; a request whose connection fails is sent to
// another instance (only a failed connection: a request an instance may have started is never
// sent twice by the proxy; the client's retry with its Idempotency-Key is answered once).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@tablewise/shared/free-port';

const ROOT = resolve(import.meta.dirname, '../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

export interface ClusterOptions {
  /** The PostgreSQL database every instance serves (migrated by the first instance to start). */
  databaseUrl: string;
  /** Shared by every instance: guest cookies and QR codes signed by one are good on all. */
  secret: string;
  /** The proxy's port (0: a free one). */
  port?: number;
  instances?: number;
  /** The proxy's address (default 127.0.0.1). */
  host?: string;
  /** Added to every instance's environment. */
  env?: Record<string, string>;
  /** The HAProxy binary (default `haproxy` on the PATH, or HAPROXY). */
  haproxy?: string;
  /** Where each process's output goes (default: kept, and shown when a start fails). */
  onOutput?: (name: string, line: string) => void;
}

/** @internal */
export interface ClusterInstance {
  name: string;
  port: number;
  url: string;
  /** Whether its process runs. */
  running(): boolean;
  /** Its process group's id (kill -9 -PID stops it as a crash would). */
  pid(): number | undefined;
  /** Kills it at once (SIGKILL), as a crash or a lost machine would. */
  kill(): Promise<void>;
}

export interface Cluster {
  /** The proxy's address: what staff, terminals and guests use. */
  url: string;
  instances: ClusterInstance[];
  close(): Promise<void>;
}

/** The binary to run, or a clear error saying how to install it. */
function haproxyBinary(configured = process.env.HAPROXY ?? 'haproxy'): string {
  const probe = spawnSync(configured, ['-v'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `HAProxy is needed in front of the instances but "${configured}" did not run. ` +
        'Install it (Debian: apt-get install -y haproxy) or set HAPROXY to its path.',
    );
  }
  return configured;
}

/**
 * HAProxy's configuration for `backends` behind `bind`.
 * @internal
 */
export function haproxyConfig(bind: string, backends: readonly { name: string; port: number }[]): string {
  return [
    'global',
    '  maxconn 4000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A WebSocket, once upgraded, is a tunnel: it stays open while either side is alive.
    '  timeout tunnel 1h',
    '  timeout http-keep-alive 10s',
    // A request whose connection failed goes to another instance, never one an instance received.
    '  retries 3',
    '  option redispatch',
    '  retry-on conn-failure',
    // The client's address, appended: each instance trusts one proxy (TRUST_PROXY=1).
    '  option forwardfor',
    'frontend web',
    `  bind ${bind}`,
    '  default_backend cloud',
    'backend cloud',
    '  balance roundrobin',
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    '  default-server inter 1s fastinter 500ms fall 2 rise 1',
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
    '',
  ].join('\n');
}

async function waitReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${url} exited:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms:\n${output()}`);
}

function startProcess(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  onOutput: ClusterOptions['onOutput'],
): { child: ChildProcess; output(): string } {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own: tsx runs the cloud in a child process, which a kill must reach too.
    detached: true,
  });
  let out = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (d: string) => {
      out = (out + d).slice(-20_000);
      if (onOutput) for (const line of d.split('\n')) if (line) onOutput(name, line);
    });
  }
  return { child, output: () => out };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null || child.signalCode !== null) return res();
    child.once('exit', () => res());
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      child.kill(signal);
    }
  });
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const haproxy = haproxyBinary(opts.haproxy);
  const host = opts.host ?? '127.0.0.1';
  const count = opts.instances ?? 3;
  const port = opts.port || (await freePort(host));
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'tw-cluster-'));
  const procs: Array<{ child: ChildProcess; output(): string }> = [];
  const instances: ClusterInstance[] = [];
  let proxy: { child: ChildProcess; output(): string } | undefined;

  const close = async () => {
    await Promise.all([...procs.map((p) => killGroup(p.child, 'SIGTERM')), proxy && killGroup(proxy.child, 'SIGTERM')]);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const launches: Array<() => Promise<void>> = [];
    for (let i = 1; i <= count; i += 1) {
      const name = `cloud${i}`;
      const instancePort = await freePort();
      const instanceUrl = `http://127.0.0.1:${instancePort}`;
      const env = {
        DATABASE_URL: opts.databaseUrl,
        APP_SECRET: opts.secret,
        PORT: String(instancePort),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        TRUST_PROXY: '1',
        DATA_DIR: join(dir, name),
        ...opts.env,
      };
      let current: { child: ChildProcess; output(): string } | undefined;
      const running = () => !!current && current.child.exitCode === null && current.child.signalCode === null;
      const launch = async () => {
        current = startProcess(name, TSX, [join(ROOT, 'cloud/src/main.ts')], env, opts.onOutput);
        procs.push(current);
        await waitReady(instanceUrl, current.child, current.output);
      };
      launches.push(launch);
      instances.push({
        name,
        port: instancePort,
        url: instanceUrl,
        running,
        pid: () => current?.child.pid,
        kill: async () => {
          if (current) await killGroup(current.child, 'SIGKILL');
        },
      });
    }
    // The first instance migrates the database; the others start beside each other after it.
    const [first, ...rest] = launches;
    await first?.();
    await Promise.all(rest.map((launch) => launch()));
    const config = join(dir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(`${host}:${port}`, instances));
    proxy = startProcess('haproxy', haproxy, ['-db', '-f', config], {}, opts.onOutput);
    // Ready once the proxy answers through a backend whose check has passed.
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (proxy.child.exitCode !== null) throw new Error(`HAProxy exited:\n${proxy.output()}`);
      const ok = await fetch(`${url}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`HAProxy did not answer at ${url}:\n${proxy.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { url, instances, close };
  } catch (error) {
    await close();
    throw error;
  }
}
