// terminal.json in the app's data folder holds the paired credential. Without it, the shell may
// take TW_CLOUD_URL and TW_TERMINAL_CREDENTIAL from the environment (kiosk installs, CI).
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type PairingStatus, TerminalConfig } from '@tablewise/shared';

export const TERMINAL_CONFIG_FILE = 'terminal.json';

export async function readTerminalConfig(dataDir: string): Promise<TerminalConfig | null> {
  let text: string;
  try {
    text = await readFile(join(dataDir, TERMINAL_CONFIG_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = TerminalConfig.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${TERMINAL_CONFIG_FILE} is not valid: ${parsed.error.message}`);
  return parsed.data;
}

/** Writes through a temporary file so a crash never leaves half a credential behind. */
export async function writeTerminalConfig(dataDir: string, config: TerminalConfig): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const target = join(dataDir, TERMINAL_CONFIG_FILE);
  const temp = `${target}.tmp`;
  await writeFile(temp, `${JSON.stringify(TerminalConfig.parse(config), null, 2)}\n`, { mode: 0o600 });
  await rename(temp, target);
}

export function configFromEnv(env: Record<string, string | undefined>): TerminalConfig | null {
  const cloudUrl = env.TW_CLOUD_URL?.trim();
  const credential = env.TW_TERMINAL_CREDENTIAL?.trim();
  if (!cloudUrl || !credential) return null;
  return TerminalConfig.parse({ cloudUrl, credential });
}

/** The file wins over the environment: pairing on the device is the deliberate act. */
export async function resolveTerminalConfig(
  dataDir: string,
  env: Record<string, string | undefined>,
): Promise<TerminalConfig | null> {
  return (await readTerminalConfig(dataDir)) ?? configFromEnv(env);
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
