// The screens' one question before they call (shared mayCall): does the server this app runs on
// answer the call, and may the signed-in member make it? A control whose call the member may not
// make is not offered, and a read is not made.
import { type AppTier, type CallSpec, mayCall } from '@tablewise/shared';
import { useMe } from '../api/get-me.js';
import { useOnTerminal } from './terminal-status.js';

/** Where the app runs; null until the server has said. */
export function useAppTier(): AppTier | null {
  const onTerminal = useOnTerminal();
  return onTerminal === null ? null : onTerminal ? 'terminal' : 'cloud';
}

/** Whether the signed-in member's screen may make `call` here; false while either is unknown. */
export function useMayCall(call: Pick<CallSpec, 'method' | 'path' | 'permission' | 'tiers'>): boolean {
  const me = useMe();
  const tier = useAppTier();
  return me.data ? mayCall(me.data.principal, call, tier) : false;
}
