// The type of `window.tablewise`, the preload bridge, and its channel names. Importing it pulls
// in no Electron code and no zod, so the sandboxed preload stays small. Data never crosses the bridge; the staff app reads it over HTTP.
import type { PairingCodeRequest, PairingRequest, PairingResult, PairingStatus } from '@tablewise/shared';

/** IPC channel names; the main process handles each with `ipcMain.handle`. */
export const BRIDGE_CHANNELS = {
  appVersion: 'tablewise:app-version',
  pairingStatus: 'tablewise:pairing-status',
  pair: 'tablewise:pair',
} as const;

export interface TablewiseBridge {
  appVersion(): Promise<string>;
  pairing: {
    status(): Promise<PairingStatus>;
    pair(input: PairingRequest | PairingCodeRequest): Promise<PairingResult>;
  };
}

declare global {
  interface Window {
    /** Present only inside the Electron shell. */
    tablewise?: TablewiseBridge;
  }
}
