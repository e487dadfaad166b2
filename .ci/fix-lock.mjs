// Adds lock entries for optional platform packages that the registry reachable here does not
// serve (e.g. @unrs/resolver-binding-android-arm64, an optional dependency of jest's resolver).
// npm cannot write entries for packages it cannot fetch, and `npm ci` then refuses the lock
// as out of sync. The stubs carry only name, version and platform (os, cpu, libc), so `npm ci`
// skips them on any other platform without fetching them. Run after `npm install`:
//   node .ci/fix-lock.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm', 'arm64', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  for (let i = 0; i < parts.length - 1; i++) {
    if (OS.includes(parts[i]) && CPU.includes(parts[i + 1])) {
      const abi = parts[i + 2] ?? '';
      const libc = abi.startsWith('gnu') ? ['glibc'] : abi.startsWith('musl') ? ['musl'] : undefined;
      return { os: [parts[i]], cpu: [parts[i + 1]], ...(libc ? { libc } : {}) };
    }
  }
  return undefined;
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const where = `node_modules/${dep}`;
    if (packages[where] || packages[`${path}/${where}`]) continue;
    const platform = platformOf(dep);
    if (!platform) {
      console.warn(`fix-lock: ${dep} is missing from the lock and is not a platform package; run npm install`);
      continue;
    }
    packages[where] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)));
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`fix-lock: added ${added} platform stub(s)`);
