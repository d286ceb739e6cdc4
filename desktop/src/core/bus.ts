// What the core's parts tell each other: a change reached the replica, the terminal's status moved.
import type { LiveEvent, PrinterStatus, PrintJob } from '@tablewise/shared';
import { log } from './log.js';

export interface CoreSignals {
  /** An event to push to the local staff app (a server event applied, or a local change). */
  live: LiveEvent;
  /** Online state or the outbox changed. */
  status: undefined;
  /** Items may have reached the kitchen: time to look for tickets to make. */
  itemsChanged: undefined;
  /** A print job was enqueued or its status moved. */
  printJob: PrintJob;
  /** A staff sign-in on this terminal ended (signed out): its live sockets close. */
  staffSignedOut: undefined;
  /** A printer's state as the print worker last saw it. */
  printerStatus: { printerId: string; status: PrinterStatus };
}

type Listener<T> = (value: T) => void;

export class Bus {
  private readonly listeners = new Map<keyof CoreSignals, Set<Listener<never>>>();

  on<K extends keyof CoreSignals>(signal: K, listener: Listener<CoreSignals[K]>): () => void {
    let set = this.listeners.get(signal);
    if (!set) {
      set = new Set();
      this.listeners.set(signal, set);
    }
    const listeners = set;
    listeners.add(listener as Listener<never>);
    return () => {
      listeners.delete(listener as Listener<never>);
    };
  }

  emit<K extends keyof CoreSignals>(
    signal: K,
    ...value: CoreSignals[K] extends undefined ? [] : [CoreSignals[K]]
  ): void {
    const set = this.listeners.get(signal) as Set<Listener<CoreSignals[K]>> | undefined;
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(value[0] as CoreSignals[K]);
      } catch (error) {
        log.error({ err: error, signal }, 'bus listener failed');
      }
    }
  }
}
