// `npm run terminal:built` (node desktop/out/core/cli.cjs, copied there by vite.core.config.ts):
// starts the bundled core (core.cjs, the program of cli.ts) with V8's code cache, so a start does
// not compile the 1.8 MB bundle again. Node 20 has no module.enableCompileCache, so the bundle is
// compiled here as a vm.Script with the cached data kept beside it (core.cjs.cache). V8 checks that
// data against the source, its own version and its flags, and rejects what does not match; then
// (and on the first start) the bundle is compiled from source and the cache written again once the
// bundle's top level has run, so it holds the functions a start compiles. A cache that cannot be
// read or written only costs the compile. The bundle has no import(): vite.core.config.ts turns a
// dynamic import into require (a vm.Script's import() needs an experimental flag). Plain CommonJS,
// not bundled with the core: it must not load the core as a module of its own.
'use strict';
const { readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const { Script } = require('node:vm');

const CORE_FILE = join(__dirname, 'core.cjs');
const CACHE_FILE = `${CORE_FILE}.cache`;

function readCache() {
  try {
    return readFileSync(CACHE_FILE);
  } catch {
    return undefined;
  }
}

/** Writes the cache beside the bundle through a temporary file, so a reader never sees half of it. */
function writeCache(data) {
  const temporary = `${CACHE_FILE}.${process.pid}`;
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, CACHE_FILE);
  } catch {
    rmSync(temporary, { force: true });
  }
}

const source = readFileSync(CORE_FILE, 'utf8');
const cachedData = readCache();
// The CommonJS wrapper goes on the bundle's first line, so its line numbers (and source map) hold.
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename: CORE_FILE,
  cachedData,
});
const coreModule = { exports: {} };
script.runInThisContext()(coreModule.exports, createRequire(CORE_FILE), coreModule, CORE_FILE, __dirname);
if (cachedData === undefined || script.cachedDataRejected) writeCache(script.createCachedData());
