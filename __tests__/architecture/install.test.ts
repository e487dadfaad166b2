import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The package is not on the registry, so users install it from a git URL or a local
// clone. npm runs the `prepare` script there, and it must build dist/ (a git install has no dist/
// otherwise), while `npm ci` in this repo (CI, the README quick start) must not pay for a build.
// The script runs here in a scratch copy of the repo layout with a stand-in `npm` on PATH that
// records what it was asked to do, so no real build runs.

const root = resolve(__dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

describe('installing rtk-rest before it is published', () => {
  let scratch: string;
  let calls: string;

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'rtk-rest-prepare-'));
    mkdirSync(join(scratch, '.ci'));
    mkdirSync(join(scratch, 'bin'));
    copyFileSync(join(root, '.ci/prepare.mjs'), join(scratch, '.ci/prepare.mjs'));
    calls = join(scratch, 'npm-calls.txt');
    const npm = join(scratch, 'bin/npm');
    writeFileSync(npm, `#!/bin/sh\necho "$@" >> "${calls}"\n`);
    chmodSync(npm, 0o755);
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  const prepare = (npmCommand: string) => {
    execFileSync(process.execPath, [join(scratch, '.ci/prepare.mjs')], {
      env: { ...process.env, PATH: `${join(scratch, 'bin')}:${process.env.PATH ?? ''}`, npm_command: npmCommand },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : [];
  };

  it('package.json runs the prepare script that npm runs for git and local-clone installs', () => {
    expect(pkg.scripts.prepare).toBe('node .ci/prepare.mjs');
  });

  it('a git or local-clone install (npm install, no dist/) builds dist/', () => {
    expect(prepare('install')).toEqual(['run build']);
  });

  it('npm pack without dist/ builds it first', () => {
    expect(prepare('pack')).toEqual(['run build']);
  });

  it('npm ci in the repo does not build (the quick start and CI stay as fast)', () => {
    expect(prepare('ci')).toEqual([]);
  });

  it('an existing dist/ is kept (npm runs prepare twice in a git install)', () => {
    mkdirSync(join(scratch, 'dist'));
    writeFileSync(join(scratch, 'dist/index.d.ts'), '');
    expect(prepare('install')).toEqual([]);
  });

  it('README says the package is not published yet and shows the git-URL and tarball installs', () => {
    const install = readme.slice(readme.indexOf('## Install'), readme.indexOf('\n## ', readme.indexOf('## Install') + 1));
    expect(install).toMatch(/not on the npm registry yet/);
    expect(install).toMatch(/npm install git\+/);
    expect(install).toMatch(/npm pack/);
    // The published-name command stays, for later, after the ways that work today.
    expect(install.lastIndexOf('npm install rtk-rest')).toBeGreaterThan(install.indexOf('npm install git+'));
  });
});
