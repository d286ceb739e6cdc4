// Pairing: a manager signs in to the cloud from this device and creates a terminal for their
// venue; the cloud answers with the device credential once. Plain Node, so it is tested without
// Electron.
import { randomUUID } from 'node:crypto';
import {
  CreateTerminalAnswer,
  ErrorBody,
  IDEMPOTENCY_HEADER,
  PAIRING_TEXTS,
  PairingRequest,
  type PairingResult,
  type TerminalConfig,
} from '@tablewise/shared';

async function failureMessage(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = ErrorBody.safeParse(JSON.parse(text));
    if (body.success) return body.data.message;
  } catch {
    // not JSON: fall through to the status line
  }
  return `${response.status}: ${text || response.statusText}`;
}

export interface PairOutcome {
  result: PairingResult;
  config: TerminalConfig | null;
}

export async function pairTerminal(input: unknown, fetchImpl: typeof fetch = fetch): Promise<PairOutcome> {
  const parsed = PairingRequest.safeParse(input);
  if (!parsed.success) {
    return { result: { ok: false, message: parsed.error.issues.map((i) => i.message).join('; ') }, config: null };
  }
  const { cloudUrl, email, password, terminalName } = parsed.data;
  const fail = (message: string): PairOutcome => ({ result: { ok: false, message }, config: null });

  let login: Response;
  try {
    login = await fetchImpl(`${cloudUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  } catch {
    return fail(PAIRING_TEXTS.cloudUnreachable(cloudUrl));
  }
  if (!login.ok) return fail(await failureMessage(login));
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const created = await fetchImpl(`${cloudUrl}/api/terminals`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, [IDEMPOTENCY_HEADER]: randomUUID() },
    body: JSON.stringify({ name: terminalName }),
  });
  if (!created.ok) return fail(await failureMessage(created));
  const answer = CreateTerminalAnswer.parse(await created.json());

  // the manager's cloud session was only needed to create the terminal
  await fetchImpl(`${cloudUrl}/api/auth/logout`, { method: 'POST', headers: { Cookie: cookie } }).catch(
    () => undefined,
  );

  const config: TerminalConfig = {
    cloudUrl,
    credential: answer.credential,
    terminalId: answer.terminal.id,
    venueId: answer.terminal.venueId,
    terminalName: answer.terminal.name,
  };
  return {
    config,
    result: {
      ok: true,
      status: {
        paired: true,
        cloudUrl,
        terminalId: config.terminalId,
        venueId: config.venueId,
        terminalName: config.terminalName,
      },
    },
  };
}
