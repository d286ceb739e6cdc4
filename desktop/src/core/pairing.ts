// Pairing: a manager signs in to the cloud from this device and creates a terminal for their
// venue; the cloud answers with the device credential once, and terminal.json keeps it. The one
// way to pair, used by the CLI (`npm run terminal -- --pair`), the demo scripts and the Electron
// pairing page.
import { PAIRING_TEXTS, PairingRequest, type PairingStatus, type TerminalConfig } from '@tablewise/shared';
import { CloudClient, CloudRefused, CloudUnreachable, isSuccess, messageOf } from './sync/cloud-api.js';
import { pairingStatusOf, writeTerminalConfig } from './terminal-config.js';

export type PairOutcome =
  | { result: { ok: true; status: PairingStatus }; config: TerminalConfig }
  | { result: { ok: false; message: string }; config: null };

function failed(message: string): PairOutcome {
  return { result: { ok: false, message }, config: null };
}

function refused(status: number, body: unknown): PairOutcome {
  return failed(messageOf(body) ?? `The cloud answered ${status}`);
}

/**
 * Validates the input, signs in and creates the terminal; writes nothing.
 * @internal exported for tests, which pair a terminal without saving it
 */
export async function pairTerminal(input: unknown, fetchImpl: typeof fetch = fetch): Promise<PairOutcome> {
  const parsed = PairingRequest.safeParse(input);
  if (!parsed.success) return failed(parsed.error.issues.map((i) => i.message).join('; '));
  const { cloudUrl, email, password, terminalName } = parsed.data;
  const cloud = new CloudClient(cloudUrl, { fetch: fetchImpl });

  try {
    const session = await cloud.login({ email, password });
    if (!isSuccess(session.status)) return refused(session.status, session.body);
    // the manager's cloud session is needed only to create the terminal
    const answer = await cloud
      .createTerminal(session, terminalName)
      .finally(() => cloud.logout(session).catch(() => undefined));
    const config: TerminalConfig = {
      cloudUrl,
      credential: answer.credential,
      terminalId: answer.terminal.id,
      venueId: answer.terminal.venueId,
      terminalName: answer.terminal.name,
    };
    return { result: { ok: true, status: pairingStatusOf(config) }, config };
  } catch (error) {
    if (error instanceof CloudUnreachable) return failed(PAIRING_TEXTS.cloudUnreachable(cloudUrl));
    if (error instanceof CloudRefused) return refused(error.status, error.body);
    throw error;
  }
}

/** Pairs and, when the cloud agreed, keeps the credential in `<dataDir>/terminal.json`. */
export async function pairAndSave(dataDir: string, input: unknown, fetchImpl?: typeof fetch): Promise<PairOutcome> {
  const outcome = await pairTerminal(input, fetchImpl);
  if (outcome.config) await writeTerminalConfig(dataDir, outcome.config);
  return outcome;
}
