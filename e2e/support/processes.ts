// Real processes for end-to-end tests: each runs under tsx, or from its built bundle with plain
// node, as it would in production, and the test can kill and restart it.
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

export { freePort } from '@tablewise/shared/free-port';

export interface Proc {
  name: string;
  child: ChildProcess;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `tsx <script> ...args`, keeping its output for the failure report. */
export function startTsx(name: string, script: string, args: string[], env: Record<string, string> = {}): Proc {
  return start(name, TSX, [join(ROOT, script), ...args], env);
}

/** Starts `node <script> ...args` (a built bundle), keeping its output for the failure report. */
export function startNode(name: string, script: string, args: string[], env: Record<string, string> = {}): Proc {
  return start(name, process.execPath, [resolve(ROOT, script), ...args], env);
}

function start(name: string, command: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: tsx runs the script in a child node process, and a kill must reach
    // that child too (a SIGKILL to tsx alone would leave the real server running).
    detached: true,
  });
  let out = '';
  let stopping = false;
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  // A process that ends on its own mid-spec (a crash) says why at once, in the run's output: the
  // test that then fails on a refused connection would otherwise show only that.
  child.once('exit', (code, signal) => {
    if (stopping || code === 0) return;
    process.stderr.write(`\n[${name} exited by itself (${signal ?? code}); its last output:]\n${out.slice(-6000)}\n`);
  });
  return {
    name,
    child,
    output: () => out,
    kill: (signal = 'SIGTERM') =>
      new Promise((res) => {
        if (child.exitCode !== null || child.signalCode !== null) return res();
        stopping = true;
        child.once('exit', () => res());
        try {
          process.kill(-(child.pid as number), signal);
        } catch {
          child.kill(signal);
        }
      }),
  };
}

/** Runs `tsx <script>` to completion and answers the last line of its output parsed as JSON. */
export async function runTsxJson<T>(script: string, args: string[], env: Record<string, string>): Promise<T> {
  const proc = startTsx(script, script, args, env);
  const code = await new Promise<number | null>((res) => proc.child.once('exit', res));
  if (code !== 0) throw new Error(`${script} exited ${code}:\n${proc.output()}`);
  const lines = proc.output().trim().split('\n');
  return JSON.parse(lines[lines.length - 1] as string) as T;
}

/** Waits until `url` answers at all (any HTTP status), or fails with the process's output. */
export async function waitForHttp(url: string, proc: Proc, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited:\n${proc.output()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${proc.name} did not answer at ${url}:\n${proc.output()}`);
}
