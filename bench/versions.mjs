// What a bench run measured: package versions and the commit of src/ (shared by bench/run.mjs and
// bench/types/run.mjs).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The installed version of a package below `root`. */
export function version(root, name) {
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** The commit the measured src/ comes from, `+dirty` when src/ has uncommitted changes. */
export function revision(root) {
  const git = (...gitArgs) => spawnSync('git', gitArgs, { cwd: root, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return 'unknown';
  const dirty = git('status', '--porcelain', '--', 'src').stdout.trim() !== '';
  return head.stdout.trim() + (dirty ? '+dirty' : '');
}
