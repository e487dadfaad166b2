// The package as users get it, for the size workload (bench/size.mjs) and the bundle tests of
// __tests__/architecture: what `npm run build && npm pack` makes, installed into a scratch
// project, so that an app imports `rtk-rest` through the published exports map and dist/ chunks
// rather than through an alias to src/. CommonJS so that ts-jest's tests can load it.
const { execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { root } = require('./bundle.cjs');

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** The newest modification time under `dir` (files only). */
function newest(dir) {
  return readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);
}

/** Whether dist/ is missing or older than src/ or package.json (whose tsup config shapes it). */
function distIsStale() {
  const built = join(root, 'dist/index.mjs');
  if (!existsSync(built) || !existsSync(join(root, 'dist/index.d.ts'))) return true;
  return Math.max(newest(join(root, 'src')), statSync(join(root, 'package.json')).mtimeMs) > statSync(built).mtimeMs;
}

/**
 * The exact versions this repo's node_modules holds of `names` and of everything they depend on,
 * so the scratch project bundles the same Redux Toolkit, react-redux… as the src/ bundles and
 * the RTK Query rows beside them: the figures then differ by rtk-rest's packaging alone.
 */
function lockedVersions(names) {
  const versions = {};
  const visit = (name) => {
    if (versions[name] !== undefined) return;
    const file = join(root, 'node_modules', name, 'package.json');
    if (!existsSync(file)) return;
    const { version, dependencies = {} } = JSON.parse(readFileSync(file, 'utf8'));
    versions[name] = version;
    for (const dependency of Object.keys(dependencies)) visit(dependency);
  };
  for (const name of names) visit(name);
  return versions;
}

const run = (args, cwd) => execFileSync('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });

/**
 * Packs the package (`npm pack`, which builds dist/ through the prepare script when it is missing;
 * `build: true` rebuilds it first when src/ is newer than dist/) and installs the tarball, with
 * react-redux and React, into a new project in the system's temp dir. Nothing is written into the
 * repo but dist/. Returns the project's dir (bundle from it with `bundleApp(…, { from: dir })`),
 * how long each step took and a `remove()` for the project.
 */
function installPackage({ build = false } = {}) {
  const times = {};
  let start = Date.now();
  if (build && distIsStale()) {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    times.build = Date.now() - start;
  }
  const dir = mkdtempSync(join(tmpdir(), 'rtk-rest-size-'));
  try {
    start = Date.now();
    const [{ filename, files }] = JSON.parse(run(['pack', '--json', '--pack-destination', dir], root));
    times.pack = Date.now() - start;
    const peers = lockedVersions(['@reduxjs/toolkit', 'react-redux', 'react', 'react-dom']);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'rtk-rest-size', private: true, version: '0.0.0', overrides: peers }));
    start = Date.now();
    run(['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', join(dir, filename), ...['react-redux', 'react', 'react-dom'].map((name) => `${name}@${peers[name]}`)], dir);
    times.install = Date.now() - start;
    const installed = JSON.parse(readFileSync(join(dir, 'node_modules/rtk-rest/package.json'), 'utf8'));
    if (installed.version !== pkg.version) throw new Error(`the scratch project installed rtk-rest ${installed.version}, not the packed ${pkg.version}`);
    return { dir, tarball: filename, files: files.length, times, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The package's JavaScript as `npm run build` emits it (tsup with package.json's config; the
 * declarations and the CommonJS files, which no bundle reads, left out), laid out as
 * node_modules/rtk-rest (package.json and dist/) in a new project in the temp dir, its
 * dependencies linked to this repo's node_modules. For the bundle tests, which run before CI's
 * build step and must not write into the repo: seconds, where packing needs a full build.
 * Returns the project's dir (bundle from it with `bundleApp(…, { from: dir })`) and a `remove()`.
 */
function buildPackage() {
  const dir = mkdtempSync(join(tmpdir(), 'rtk-rest-dist-'));
  try {
    const modules = join(dir, 'node_modules');
    const outDir = join(modules, 'rtk-rest/dist');
    const options = { ...pkg.tsup, onSuccess: undefined, config: false, dts: false, format: ['esm'], outDir, silent: true };
    execFileSync(process.execPath, ['-e', `require('tsup').build(${JSON.stringify(options)}).catch((e) => { console.error(e); process.exit(1); })`], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    writeFileSync(join(modules, 'rtk-rest/package.json'), JSON.stringify(pkg));
    for (const name of Object.keys(lockedVersions(['@reduxjs/toolkit', 'react-redux', 'react', 'react-dom']))) {
      mkdirSync(join(modules, name, '..'), { recursive: true });
      symlinkSync(join(root, 'node_modules', name), join(modules, name), 'dir');
    }
    return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

module.exports = { buildPackage, installPackage, lockedVersions };
