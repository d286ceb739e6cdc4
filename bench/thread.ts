// Clients of a benchmark run on a thread of their own, as phones and screens would be elsewhere:
// the cloud's thread then spends its time on the cloud, not on the requests and sockets it answers.
import { Worker } from 'node:worker_threads';

/**
 * Loads the bench module at `moduleUrl` again on a worker thread with `data` as its workerData.
 * The thread goes through tsx, whose loader threads do not inherit.
 */
export function benchThread(moduleUrl: string, data: unknown): Worker {
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const self = JSON.stringify(moduleUrl);
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${self}); });`, {
    eval: true,
    workerData: data,
  });
}

/** Milliseconds on a clock every thread of the process shares (performance.now() is per thread). */
export function wallNow(): number {
  return performance.timeOrigin + performance.now();
}
