// Where a library's time goes in one scenario: V8 CPU profiles (Chrome DevTools Protocol
// `Profiler`) taken around the scenario's step in the unminified bundle, merged, and each sample's
// self time attributed to its function and to the source module the bundle line comes from
// (esbuild writes a `// path` comment before each module it bundles).

/** The bundle's module comments: sorted `[line, module]` pairs (0-based lines, as CDP's). */
export function moduleLines(bundleText) {
  const lines = bundleText.split('\n');
  const starts = [];
  lines.forEach((line, index) => {
    const match = /^\s*\/\/ ((?:src|bench|node_modules)\/\S+\.(?:[cm]?[jt]sx?))$/.exec(line);
    if (match) starts.push([index, match[1]]);
  });
  return starts;
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
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, index) => {
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
      const { callFrame } = nodes.get(id);
      if (callFrame.functionName === '(idle)') return;
      total += ms;
      const inBundle = callFrame.url === bundleUrl;
      const module = inBundle ? moduleAt(starts, callFrame.lineNumber) : callFrame.url === '' ? callFrame.functionName || '(native)' : '(other script)';
      add(byModule, module, ms);
      add(byFunction, `${callFrame.functionName || '(anonymous)'} — ${module}${inBundle ? `:${callFrame.lineNumber + 1}` : ''}`, ms);
    });
  }
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) => ({ name, ms, share: ms / total }));
  return { totalMs: total, modules: top(byModule, 15), functions: top(byFunction, 20) };
}

export function printProfile(title, summary, steps) {
  const pct = (share) => `${(share * 100).toFixed(1)}%`;
  console.log(`\n${title}: ${summary.totalMs.toFixed(1)} ms sampled (not idle) over ${steps} steps\n`);
  console.log('| module | self ms per step | share |');
  console.log('|---|---:|---:|');
  for (const m of summary.modules) console.log(`| ${m.name} | ${(m.ms / steps).toFixed(2)} | ${pct(m.share)} |`);
  console.log('\n| function — module:line (unminified bundle) | self ms per step | share |');
  console.log('|---|---:|---:|');
  for (const f of summary.functions) console.log(`| ${f.name} | ${(f.ms / steps).toFixed(2)} | ${pct(f.share)} |`);
}
