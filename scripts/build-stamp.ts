// What a build was made from, so tests, the chaos suite and the benchmarks can use `npm run build`'s
// output while it is current, and build again only when a source changed. The Vite plugin writes,
// beside the build's folder, `<outDir>.sources.json`: every file the build read (its module graph,
// node_modules included, and the public folder), the config's own files and the lockfile, each with
// a hash of its bytes.
// `buildIsCurrent` hashes them again. A file the build did not read cannot change its output
// unless a file it read changes to import it, so the check needs no list of inputs of its own.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOCKFILE = path.join(ROOT, 'package-lock.json');

interface Stamp {
  /** Path (relative to the repository) → sha256 of the file's bytes. */
  files: Record<string, string>;
}

const stampOf = (outDir: string): string => `${path.resolve(outDir).replace(/[/\\]+$/, '')}.sources.json`;

function hashFile(file: string): string | null {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

/** True when `outDir` holds a complete build made from the files as they are now. */
export function buildIsCurrent(outDir: string): boolean {
  const stampFile = stampOf(outDir);
  if (!existsSync(stampFile) || !existsSync(outDir)) return false;
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as Stamp;
  } catch {
    return false;
  }
  const entries = Object.entries(stamp.files ?? {});
  return entries.length > 0 && entries.every(([file, hash]) => hashFile(path.resolve(ROOT, file)) === hash);
}

const CORE_OUT = path.join(ROOT, 'desktop/out/core');

/**
 * The terminal core's bundle as `npm run build` leaves it (desktop/out/core), built again with
 * `npm run build:core -w desktop` only when it is missing or not current; answers its cli.cjs.
 */
export function currentCoreBundle(): string {
  if (!buildIsCurrent(CORE_OUT)) {
    execFileSync('npm', ['run', 'build:core', '-w', 'desktop'], { cwd: ROOT, stdio: 'ignore' });
    if (!buildIsCurrent(CORE_OUT)) throw new Error(`The core bundle built into ${CORE_OUT} is not current`);
  }
  return path.join(CORE_OUT, 'cli.cjs');
}

/** The file behind a module id, when it is one (not a virtual module). */
function fileOf(id: string): string | null {
  const file = id.replace(/[?#].*$/, '');
  if (!path.isAbsolute(file)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

/**
 * Writes `<outDir>.sources.json` once the build is complete (after every other plugin's last
 * step), and removes it when a build starts, so an interrupted build is never taken as current.
 * `extraInputs`: files the build reads other than as modules (a plugin's own reads).
 */
export function sourcesStamp(extraInputs: readonly string[] = []): Plugin {
  let outDir = '';
  let startedAt = 0;
  const inputs = new Set<string>();
  return {
    name: 'tablewise-sources-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      if (config.configFile) inputs.add(config.configFile);
      for (const file of config.configFileDependencies) inputs.add(path.resolve(file));
      inputs.add(LOCKFILE);
      for (const file of extraInputs) inputs.add(path.resolve(file));
      // The public folder is copied as it is, not read as modules.
      if (config.publicDir && existsSync(config.publicDir)) {
        for (const e of readdirSync(config.publicDir, { withFileTypes: true, recursive: true }))
          if (e.isFile()) inputs.add(path.join(e.parentPath, e.name));
      }
    },
    buildStart() {
      startedAt = Date.now();
      rmSync(stampOf(outDir), { force: true });
    },
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const file = fileOf(id);
        if (file) inputs.add(file);
      }
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const files: Record<string, string> = {};
        for (const file of [...inputs].sort()) {
          // Changed while the build ran: the output may hold either version, so it stays unstamped.
          if ((statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= startedAt) return;
          const hash = hashFile(file);
          if (hash) files[path.relative(ROOT, file)] = hash;
        }
        writeFileSync(stampOf(outDir), `${JSON.stringify({ files } satisfies Stamp, null, 1)}\n`);
      },
    },
  };
}
