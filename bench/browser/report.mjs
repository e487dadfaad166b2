// The browser benchmark's figures: per scenario and library the median time over rounds, the
// median (and interquartile range) of the per-round ratio RTK Query ÷ rtk-rest (above 1: rtk-rest
// is faster), and the renders counted in each step beside the ideal. Prints a Markdown table.

/** What each scenario should render at best: rows rendered, of which mounted, and list renders. */
export const IDEAL = {
  prefetch: { rows: 0, mounts: 0 },
  mount: { rows: 1000, mounts: 1000 },
  unrelatedWrite: { rows: 0, mounts: 0 },
  renameAuthor: { rows: 20, mounts: 0 },
  editTitle: { rows: 1, mounts: 0 },
  appendPage: { rows: 20, mounts: 20 },
};

export const LABELS = {
  prefetch: 'prefetch of the first page (1,000 posts)',
  mount: 'fetched → list on screen (1,000 rows)',
  unrelatedWrite: 'unrelated cache write',
  renameAuthor: 'rename an author (20 rows)',
  editTitle: "edit a post's title (1 row)",
  appendPage: 'append a page (20 rows)',
};

export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low);
}
const median = (values) => quantile(values, 0.5);

/** `samples[scenario][lib] = [{ ms, renders }]`, one per round, rounds aligned across libraries. */
export function summarize(samples, subject, peer) {
  return Object.entries(samples).map(([scenario, byLib]) => {
    const ratios = byLib[peer].map((sample, round) => sample.ms / byLib[subject][round].ms);
    const libs = Object.fromEntries(
      Object.entries(byLib).map(([lib, rounds]) => [lib, { medianMs: median(rounds.map((s) => s.ms)), renders: renderRange(rounds.map((s) => s.renders)) }]),
    );
    const ideal = IDEAL[scenario];
    const idealRenders = byLib[subject].every(({ renders }) => renders.rows === ideal.rows && renders.mounts === ideal.mounts);
    const ratio = { median: median(ratios), p25: quantile(ratios, 0.25), p75: quantile(ratios, 0.75) };
    return { scenario, label: LABELS[scenario], libs, ratio, ratios, ideal, idealRenders, met: ratio.median >= 1 && idealRenders };
  });
}

/** Each count as `n` or `min–max` over the rounds. */
function renderRange(counts) {
  const range = (key) => {
    const values = counts.map((c) => c[key]);
    const [min, max] = [Math.min(...values), Math.max(...values)];
    return min === max ? `${min}` : `${min}–${max}`;
  };
  return { rows: range('rows'), mounts: range('mounts'), lists: range('lists') };
}

const ms = (value) => (value >= 10 ? value.toFixed(1) : value >= 1 ? value.toFixed(2) : value.toFixed(3));
const renders = (r) => `${r.rows} rows, ${r.mounts} mounts, list ${r.lists}`;

export function printTable(results, subject, peer, labels) {
  console.log(`\n| scenario | ${labels[subject]} | ${labels[peer]} | ${labels[peer]} ÷ ${labels[subject]} (IQR) | ${labels[subject]} renders | ${labels[peer]} renders | ideal | met |`);
  console.log('|---|---:|---:|---:|---|---|---|---|');
  for (const r of results) {
    const ratio = `${r.ratio.median.toFixed(2)}× (${r.ratio.p25.toFixed(2)}–${r.ratio.p75.toFixed(2)})`;
    const ideal = `${r.ideal.rows} rows, ${r.ideal.mounts} mounts`;
    console.log(
      `| ${r.label} | ${ms(r.libs[subject].medianMs)} ms | ${ms(r.libs[peer].medianMs)} ms | ${ratio} | ${renders(r.libs[subject].renders)} | ${renders(r.libs[peer].renders)} | ${ideal} | ${r.met ? 'yes' : '**no**'} |`,
    );
  }
  console.log(`\nA ratio above 1: ${labels[subject]} is faster. "met": ${labels[subject]} no slower than ${labels[peer]} (median per-round ratio ≥ 1) with its ideal row renders.`);
}
