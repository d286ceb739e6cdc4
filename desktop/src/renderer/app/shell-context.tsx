// What the frame offers the screens inside it: the features this build has (so a screen links only
// to screens that exist) and the shell's quick actions (so a dashboard button opens the same
// dialog as the sidebar entry).
import type { Feature, ShellQuickActionId } from '@tablewise/shared';
import { createContext, useContext } from 'react';

export interface ShellValue {
  features: readonly Feature[];
  runQuickAction: (id: ShellQuickActionId) => void;
}

export const ShellContext = createContext<ShellValue | null>(null);

export function useShell(): ShellValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell needs the app shell');
  return value;
}
