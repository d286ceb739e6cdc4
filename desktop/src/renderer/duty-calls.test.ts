// The duty policy (shared/src/calls/duty-calls.ts) lists the calls each screen makes; both tiers
// refuse a duty any call outside its screens' lists. This reads each screen's feature folder (and
// the app's shell) and fails when a call it makes is missing from its list, so a screen never
// breaks for the very duty meant to use it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as shared from '@tablewise/shared';
import { ALL_CALLS, SCREEN_CALLS, SHELL_CALLS } from '@tablewise/shared';
import { describe, expect, it } from 'vitest';

const here = resolve(import.meta.dirname);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [readFileSync(path, 'utf8')] : [];
  });
}

/** The call modules a folder's code names, by the name shared exports them under. */
function callsNamedIn(dirs: string[]): Set<string> {
  const text = dirs.flatMap(sources).join('\n');
  const used = new Set<string>();
  for (const [name, value] of Object.entries(shared)) {
    const call = ALL_CALLS.find((c) => c === value);
    if (call && new RegExp(`\\b${name}\\b`).test(text)) used.add(call.id);
  }
  return used;
}

/** Screen path → its feature folder, from app/screens.tsx. */
function screenFeatures(): Map<string, string> {
  const text = readFileSync(join(here, 'app/screens.tsx'), 'utf8');
  const folderOf = new Map<string, string>();
  for (const m of text.matchAll(/import \{ (\w+) \} from '\.\.\/features\/([\w-]+)\//g))
    folderOf.set(m[1] ?? '', m[2] ?? '');
  const screens = new Map<string, string>();
  for (const m of text.matchAll(/\{ path: '([^']+)', element: <(\w+)/g)) {
    screens.set(m[1] ?? '', folderOf.get(m[2] ?? '') ?? '');
  }
  return screens;
}

const shellIds = new Set(SHELL_CALLS.map((c) => c.id));
const SHELL_FOLDERS = ['app', 'components', 'features/shell', 'features/auth'];

describe('the calls each duty may make (docs/roles.md)', () => {
  it('lists every call the shell makes', () => {
    const missing = [...callsNamedIn(SHELL_FOLDERS.map((f) => join(here, f)))].filter((id) => !shellIds.has(id));
    expect(missing).toEqual([]);
  });

  it('lists every call each screen makes, for every screen the app has', () => {
    const screens = screenFeatures();
    expect(screens.size).toBeGreaterThan(5);
    for (const [path, folder] of screens) {
      const listed = new Set([...(SCREEN_CALLS[path] ?? []).map((c) => c.id), ...shellIds]);
      const missing = [...callsNamedIn([join(here, 'features', folder)])].filter((id) => !listed.has(id));
      expect(missing, `${path} (features/${folder})`).toEqual([]);
    }
  });
});
