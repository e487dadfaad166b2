// Where a library's time goes in one scenario: V8 CPU profiles (Chrome DevTools Protocol
// `Profiler`) taken around the scenario's step in the unminified bundle, merged, and each sample's
// self time attributed to its function and to the source module the bundle line comes from
// (esbuild writes a `// path` comment before each ES module it bundles, and names each CommonJS
// module's wrapper by its path). "(program)" (native work outside JavaScript, mostly the
// profiler's own start-up, which logs every compiled function) and "(idle)" are left out, so the
// figures are the JavaScript and garbage collection of the step. A sample counts for the time to
// the next one, at most 1 ms (a starved sampler thread on a busy machine makes long gaps).

/** The bundle's module comments: sorted `[line, module]` pairs (0-based lines, as CDP's). */
export function moduleLines(bundleText) {
  const starts = [];
  bundleText.split('\n').forEach((line, index) => {
    const match = /^\s*(?:\/\/ (\S+\.[cm]?[jt]sx?)|"(\S+\.[cm]?js)"\((?:exports|exports, module)\) \{)$/.exec(line);
    if (match) starts.push([index, shortPath(match[1] ?? match[2])]);
  });
  return starts;
}

/** `../../x/node_modules/react/index.js` → `node_modules/react/index.js`; src/ and bench/ paths as they are. */
function shortPath(path) {
  const at = path.lastIndexOf('node_modules/');
  return at >= 0 ? path.slice(at) : path.replace(/^(\.\.\/)+/, '');
}

function moduleAt(starts, line) {
  let low = 0;
  let high = starts.length - 1;
  let found = '(bundle prelude)';
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (starts[mid][0] <= line) {
      found = starts[mid][1];
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** Self time (ms) per function and per module over `profiles`, for frames of `bundleUrl`. */
export function attribute(profiles, bundleUrl, starts) {
  const byFunction = new Map();
  const byModule = new Map();
  let total = 0;
  let gc = 0;
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const atTop = new Set(profile.nodes.find((node) => node.callFrame.functionName === '(root)')?.children ?? []);
    profile.samples.forEach((id, index) => {
      const ms = Math.min(profile.timeDeltas[index + 1] ?? 0, 1000) / 1000;
      const { callFrame } = nodes.get(id);
      if (callFrame.functionName === '(idle)' || callFrame.functionName === '(program)') return;
      if (callFrame.functionName === '(garbage collector)') {
        gc += ms;
        return;
      }
      total += ms;
      const inBundle = callFrame.url === bundleUrl;
      // A nameless native frame right under the root has no JavaScript caller (the runtime's own work).
      const native = callFrame.functionName || (atTop.has(id) ? '(native, no JavaScript caller)' : '(native)');
      const module = inBundle ? moduleAt(starts, callFrame.lineNumber) : callFrame.url === '' ? native : '(other script)';
      add(byModule, module, ms);
      add(byFunction, `${callFrame.functionName || '(anonymous)'} — ${module}${inBundle ? `:${callFrame.lineNumber + 1}` : ''}`, ms);
    });
  }
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) => ({ name, ms, share: ms / total }));
  return { totalMs: total, gcMs: gc, modules: top(byModule, 15), functions: top(byFunction, 20) };
}

export function printProfile(title, summary, steps) {
  const pct = (share) => `${(share * 100).toFixed(1)}%`;
  console.log(
    `\n${title}: ${(summary.totalMs / steps).toFixed(2)} ms of JavaScript sampled per step (and ${(summary.gcMs / steps).toFixed(2)} ms of garbage collection), over ${steps} steps\n`,
  );
  console.log('| module | self ms per step | share |');
  console.log('|---|---:|---:|');
  for (const m of summary.modules) console.log(`| ${m.name} | ${(m.ms / steps).toFixed(2)} | ${pct(m.share)} |`);
  console.log('\n| function — module:line (unminified bundle) | self ms per step | share |');
  console.log('|---|---:|---:|');
  for (const f of summary.functions) console.log(`| ${f.name} | ${(f.ms / steps).toFixed(2)} | ${pct(f.share)} |`);
}
