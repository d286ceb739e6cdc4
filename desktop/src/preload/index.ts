// Sandboxed preload: exposes the small typed bridge and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_CHANNELS, type TablewiseBridge } from './bridge.js';

const bridge: TablewiseBridge = {
  appVersion: () => ipcRenderer.invoke(BRIDGE_CHANNELS.appVersion),
  pairing: {
    status: () => ipcRenderer.invoke(BRIDGE_CHANNELS.pairingStatus),
    pair: (input) => ipcRenderer.invoke(BRIDGE_CHANNELS.pair, input),
  },
};

contextBridge.exposeInMainWorld('tablewise', bridge);
