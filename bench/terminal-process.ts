// A terminal core as a venue runs it: a process of its own, from its built bundle
// (`npm run terminal:built`), not on the benchmark's thread beside the cloud. On a shared thread
// the cloud's work (answering the terminal's own pushes, say) would stand in the terminal's way,
// as it never does where the cloud is a server elsewhere.
import { type ChildProcess, spawn } from 'node:child_process';
import { currentCoreBundle } from '../scripts/build-stamp.js';

const ROOT = new URL('..', import.meta.url).pathname;
const BUNDLE = 'desktop/out/core/cli.cjs';
const START_TIMEOUT_MS = 30_000;

let built = false;

/**
 * The core's bundle built from the sources as they are: `npm run build`'s while it is current, else
 * built again (`npm run build:core -w desktop`), once per benchmark run.
 */
export function buildCoreBundle(): void {
  if (built) return;
  currentCoreBundle();
  built = true;
}

export interface TerminalProcess {
  /** Where the core serves its API and /ws. */
  url: string;
  close(): Promise<void>;
}

/** Starts the built core on a free port; answers once it serves. */
export async function spawnTerminalCore(opts: {
  cloudUrl: string;
  credential: string;
  dataDir: string;
}): Promise<TerminalProcess> {
  buildCoreBundle();
  const args = [BUNDLE, '--cloud', opts.cloudUrl, '--credential', opts.credential, '--data-dir', opts.dataDir];
  const child: ChildProcess = spawn(process.execPath, [...args, '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The terminal core did not start: ${output}`)), START_TIMEOUT_MS);
    let started = false;
    const onData = (data: Buffer) => {
      // Once it serves, what the core says (a warning) goes to the benchmark's own log.
      if (started) return void process.stderr.write(`[terminal] ${data}`);
      output += String(data);
      const found = /Terminal core: (http:\/\/\S+?)\/ /.exec(output);
      if (found?.[1]) {
        started = true;
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`The terminal core exited before serving: ${output}`));
    });
  });
  return {
    url,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
