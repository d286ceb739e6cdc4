// Pairing: the cloud answers with the device credential once, and terminal.json keeps it. Either
// the short code a manager made on the cloud is typed here (issue 24: no manager's password on the
// device), or a manager signs in to the cloud from this device and creates a terminal for their
// venue (the CLI's `--pair` for scripts, the demo scripts). The CLI and the Electron pairing page
// both come here.
import {
  PAIRING_TEXTS,
  PairingCodeRequest,
  PairingRequest,
  type PairingStatus,
  pairWithCode,
  type TerminalConfig,
} from '@tablewise/shared';
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
  if (input !== null && typeof input === 'object' && 'code' in input) return pairWithPairingCode(input, fetchImpl);
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

/** Pairs with the short code a manager made on the cloud (issue 24): no password on this device. */
async function pairWithPairingCode(input: unknown, fetchImpl: typeof fetch): Promise<PairOutcome> {
  const parsed = PairingCodeRequest.safeParse(input);
  if (!parsed.success) return failed(parsed.error.issues.map((i) => i.message).join('; '));
  const { cloudUrl, code } = parsed.data;
  let response: Response;
  try {
    response = await fetchImpl(new URL(pairWithCode.path, cloudUrl), {
      method: pairWithCode.method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return failed(PAIRING_TEXTS.cloudUnreachable(cloudUrl));
  }
  const body: unknown = await response.json().catch(() => null);
  if (!isSuccess(response.status)) return refused(response.status, body);
  const answer = pairWithCode.answer.safeParse(body);
  if (!answer.success) return failed(PAIRING_TEXTS.cloudUnreachable(cloudUrl));
  const config: TerminalConfig = {
    cloudUrl,
    credential: answer.data.credential,
    terminalId: answer.data.terminal.id,
    venueId: answer.data.terminal.venueId,
    terminalName: answer.data.terminal.name,
  };
  return { result: { ok: true, status: pairingStatusOf(config) }, config };
}

/** Pairs and, when the cloud agreed, keeps the credential in `<dataDir>/terminal.json`. */
export async function pairAndSave(dataDir: string, input: unknown, fetchImpl?: typeof fetch): Promise<PairOutcome> {
  const outcome = await pairTerminal(input, fetchImpl);
  if (outcome.config) await writeTerminalConfig(dataDir, outcome.config);
  return outcome;
}
