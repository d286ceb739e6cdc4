// The Electron shell: a thin window over the terminal core. The core (replica, outbox, sync,
// printers, local server) runs in this main process and serves the staff app on 127.0.0.1; the
// window shows that origin and nothing else. Unpaired, a small pairing page asks for the cloud
// URL and a manager's sign-in, and terminal.json keeps the credential.
//
// Environment: TW_CLOUD_URL + TW_TERMINAL_CREDENTIAL pair without the page when terminal.json is
// absent; TW_TERMINAL_PORT fixes the core's port (default DEFAULT_TERMINAL_PORT).
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PairingStatus, TerminalConfig } from '@tablewise/shared';
import { app, BrowserWindow, ipcMain, shell, type WebContents } from 'electron';
import { DEFAULT_TERMINAL_PORT, startTerminalCore, type TerminalCore } from '../core/core.js';
import { pairAndSave } from '../core/pairing.js';
import { pairingStatusOf, resolveTerminalConfig } from '../core/terminal-config.js';
import { BRIDGE_CHANNELS } from '../preload/bridge.js';
import { isAllowedNavigation } from './navigation.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const preloadPath = join(here, '../preload/index.cjs');
/** The staff app's static build, served by the core (packaged next to out/). */
const staticDir = join(app.getAppPath(), 'dist/web');
const pairingFile = join(here, '../renderer/pairing/index.html');

let core: TerminalCore | null = null;
let config: TerminalConfig | null = null;
let mainWindow: BrowserWindow | null = null;
let pairingWindow: BrowserWindow | null = null;

function lockDown(contents: WebContents, allowed: () => readonly string[]): void {
  contents.setWindowOpenHandler(({ url }) => {
    // links that leave the app (a public profile, say) open in the system browser, never here
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  const guard = (event: Electron.Event, url: string) => {
    if (!isAllowedNavigation(url, allowed())) event.preventDefault();
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function secureWindow(title: string, width: number, height: number): BrowserWindow {
  return new BrowserWindow({
    title,
    width,
    height,
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
    },
  });
}

async function openStaffApp(cfg: TerminalConfig): Promise<void> {
  const port = Number(process.env.TW_TERMINAL_PORT) || DEFAULT_TERMINAL_PORT;
  core = await startTerminalCore({
    cloudUrl: cfg.cloudUrl,
    credential: cfg.credential,
    dataDir: app.getPath('userData'),
    port,
    staticDir,
  });
  const origin = new URL(core.url).origin;
  mainWindow = secureWindow('Tablewise', 1280, 800);
  lockDown(mainWindow.webContents, () => [origin]);
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  await mainWindow.loadURL(`${core.url}/`);
}

async function openPairing(): Promise<void> {
  pairingWindow = secureWindow('Pair this terminal', 520, 640);
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  const target = devUrl ? `${devUrl}/pairing/index.html` : pathToFileURL(pairingFile).href;
  const allowed = devUrl ? [new URL(devUrl).origin] : [`file://${new URL(target).pathname}`];
  lockDown(pairingWindow.webContents, () => allowed);
  pairingWindow.once('ready-to-show', () => pairingWindow?.show());
  pairingWindow.on('closed', () => {
    pairingWindow = null;
  });
  await pairingWindow.loadURL(target);
}

function registerBridge(): void {
  ipcMain.handle(BRIDGE_CHANNELS.appVersion, () => app.getVersion());
  ipcMain.handle(BRIDGE_CHANNELS.pairingStatus, (): PairingStatus => pairingStatusOf(config));
  ipcMain.handle(BRIDGE_CHANNELS.pair, async (event, input: unknown) => {
    // only the pairing page may pair, and only while unpaired
    if (!pairingWindow || event.sender !== pairingWindow.webContents) {
      return { ok: false, message: 'Pairing is only possible from the pairing window' };
    }
    if (config) return { ok: false, message: 'This terminal is already paired' };
    const outcome = await pairAndSave(app.getPath('userData'), input);
    if (outcome.config) {
      config = outcome.config;
      const closing = pairingWindow;
      await openStaffApp(outcome.config);
      closing?.close();
    }
    return outcome.result;
  });
}

const singleInstance = app.requestSingleInstanceLock();
if (!singleInstance) {
  // a second instance would fight the first over the replica file and the port
  app.quit();
} else {
  app.on('second-instance', () => {
    const win = mainWindow ?? pairingWindow;
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });

  app.whenReady().then(async () => {
    registerBridge();
    config = await resolveTerminalConfig(app.getPath('userData'), process.env);
    if (config) await openStaffApp(config);
    else await openPairing();
  });

  app.on('window-all-closed', () => app.quit());

  let closing = false;
  app.on('before-quit', (event) => {
    if (!core || closing) return;
    // let the core finish writes and close the replica cleanly before the process exits
    event.preventDefault();
    closing = true;
    const running = core;
    core = null;
    void running.close().finally(() => app.quit());
  });
}
