// terminal.json in the data folder holds what a paired terminal keeps between starts: its cloud,
// its device credential and who it is. Every way of pairing (the CLI, the demo scripts, the
// Electron pairing page) writes it in the one shape of TerminalConfig. Before pairing was written
// once, the CLI kept a smaller file ({terminalId, credential, cloudUrl}); such a file still loads,
// and is rewritten in the current shape, so a terminal paired back then needs no new pairing.
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type PairingStatus, TerminalConfig } from '@tablewise/shared';
import { log } from './log.js';

export const TERMINAL_CONFIG_FILE = 'terminal.json';

const FIELDS = Object.keys(TerminalConfig.shape);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The paired terminal, or null when this data folder has never been paired. `cloudUrl` stands in
 * for a file that names no cloud (the CLI's old file could leave it to `--cloud`).
 */
export async function readTerminalConfig(
  dataDir: string,
  fallback: { cloudUrl?: string | undefined } = {},
): Promise<TerminalConfig | null> {
  let text: string;
  try {
    text = await readFile(join(dataDir, TERMINAL_CONFIG_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    throw new Error(`${TERMINAL_CONFIG_FILE} is not valid: it is not JSON`);
  }
  const withCloud =
    isObject(stored) && stored.cloudUrl === undefined ? { ...stored, cloudUrl: fallback.cloudUrl } : stored;
  const parsed = TerminalConfig.safeParse(withCloud);
  if (!parsed.success) throw new Error(`${TERMINAL_CONFIG_FILE} is not valid: ${parsed.error.message}`);
  if (isObject(stored) && FIELDS.some((field) => !(field in stored))) {
    // An older shape: keep the current one from now on. Failing to is no reason not to start.
    await writeTerminalConfig(dataDir, parsed.data).catch((error: unknown) =>
      log.warn({ err: error }, `could not rewrite ${TERMINAL_CONFIG_FILE} in the current shape`),
    );
  }
  return parsed.data;
}

/**
 * Writes through a temporary file so a crash never leaves half a credential behind; only the
 * owner may read it.
 */
export async function writeTerminalConfig(dataDir: string, config: TerminalConfig): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const target = join(dataDir, TERMINAL_CONFIG_FILE);
  const temp = `${target}.tmp`;
  await writeFile(temp, `${JSON.stringify(TerminalConfig.parse(config), null, 2)}\n`, { mode: 0o600 });
  // the mode above applies only when the file is created; a temp file left by a crash keeps its own
  await chmod(temp, 0o600);
  await rename(temp, target);
}

/** @internal exported for its test */
export function configFromEnv(env: Record<string, string | undefined>): TerminalConfig | null {
  const cloudUrl = env.TW_CLOUD_URL?.trim();
  const credential = env.TW_TERMINAL_CREDENTIAL?.trim();
  if (!cloudUrl || !credential) return null;
  return TerminalConfig.parse({ cloudUrl, credential });
}

/**
 * The Electron shell's rule: the file wins over the environment (TW_CLOUD_URL and
 * TW_TERMINAL_CREDENTIAL, for kiosk installs and CI), since pairing on the device is the
 * deliberate act.
 */
export async function resolveTerminalConfig(
  dataDir: string,
  env: Record<string, string | undefined>,
): Promise<TerminalConfig | null> {
  return (await readTerminalConfig(dataDir, { cloudUrl: env.TW_CLOUD_URL?.trim() || undefined })) ?? configFromEnv(env);
}

export function pairingStatusOf(config: TerminalConfig | null): PairingStatus {
  return {
    paired: config !== null,
    cloudUrl: config?.cloudUrl ?? null,
    terminalId: config?.terminalId ?? null,
    venueId: config?.venueId ?? null,
    terminalName: config?.terminalName ?? null,
  };
}
