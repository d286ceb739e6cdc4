// `npm run terminal`: the terminal core without Electron.
//   --cloud URL        (TW_CLOUD_URL)            the cloud to sync with
//   --credential C     (TW_TERMINAL_CREDENTIAL)  the device credential (else read from <data-dir>/terminal.json)
//   --data-dir DIR     (TW_DATA_DIR, default .data/terminal)
//   --port N           (TW_PORT, default 8181)
//   --static DIR       (TW_STATIC_DIR, default desktop/dist/web)
//   --no-printing      do not drive printers
//   --pair-code CODE   pair with the short code a manager made on the cloud, keep the credential, then run
//   --pair --email E --password P [--name N]   pair by a manager's sign-in (for scripts), then run
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_TERMINAL_PORT, startTerminalCore } from './core.js';
import { pairAndSave } from './pairing.js';
import { readTerminalConfig, TERMINAL_CONFIG_FILE } from './terminal-config.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      cloud: { type: 'string' },
      credential: { type: 'string' },
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      static: { type: 'string' },
      'no-printing': { type: 'boolean', default: false },
      pair: { type: 'boolean', default: false },
      'pair-code': { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
    },
  });
  const env = process.env;
  const dataDir = resolve(values['data-dir'] ?? env.TW_DATA_DIR ?? '.data/terminal');
  const givenCloudUrl = values.cloud ?? env.TW_CLOUD_URL;
  const saved = await readTerminalConfig(dataDir, { cloudUrl: givenCloudUrl });
  const cloudUrl = givenCloudUrl ?? saved?.cloudUrl;
  let credential = values.credential ?? env.TW_TERMINAL_CREDENTIAL;
  const portText = values.port ?? env.TW_PORT ?? String(DEFAULT_TERMINAL_PORT);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a port number, got ${portText}`);
  const staticDir = resolve(values.static ?? env.TW_STATIC_DIR ?? 'desktop/dist/web');

  const code = values['pair-code'];
  if (values.pair || code) {
    if (!cloudUrl) throw new Error('Pairing needs --cloud (or TW_CLOUD_URL)');
    if (!code && (!values.email || !values.password)) throw new Error('--pair needs --email and --password');
    const paired = await pairAndSave(
      dataDir,
      code
        ? { cloudUrl, code }
        : { cloudUrl, email: values.email, password: values.password, terminalName: values.name ?? 'Terminal' },
    );
    if (!paired.config) throw new Error(`Pairing failed: ${paired.result.message}`);
    credential = paired.config.credential;
    console.log(
      `Paired as terminal ${paired.config.terminalId}; credential kept in ${join(dataDir, TERMINAL_CONFIG_FILE)}`,
    );
  }
  credential ??= saved?.credential;
  if (!cloudUrl) throw new Error('The cloud URL is required: --cloud or TW_CLOUD_URL');
  if (!credential)
    throw new Error(
      `No terminal credential: pass --credential, set TW_TERMINAL_CREDENTIAL, or pair with --pair-code or --pair`,
    );

  const core = await startTerminalCore({
    cloudUrl,
    credential,
    dataDir,
    port,
    staticDir,
    printing: !values['no-printing'],
  });
  console.log(`Terminal core: ${core.url}/  (cloud ${cloudUrl}, data ${dataDir})`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await core.close().catch((error: unknown) => console.error(error));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
