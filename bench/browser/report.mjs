// The browser benchmark's figures: per scenario and library the median and the best (fastest)
// time over rounds, the median (and interquartile range) of the per-round ratio RTK Query ÷
// rtk-rest (above 1: rtk-rest is faster), the ratio of the best times, and the renders counted in
// each step beside the ideal. Prints a Markdown table. On a busy machine, load only ever adds
// time, so the best rounds are the closer estimate of what each library costs; the per-round
// ratio is the figure the target is judged by.

/** What each scenario should render at best: rows rendered, of which mounted, and list renders. */
export const IDEAL = {
  prefetch: { rows: 0, mounts: 0 },
  mount: { rows: 1000, mounts: 1000 },
  unrelatedWrite: { rows: 0, mounts: 0 },
  unrelatedWriteAgain: { rows: 0, mounts: 0 },
  renameAuthor: { rows: 20, mounts: 0 },
  editTitle: { rows: 1, mounts: 0 },
  appendPage: { rows: 20, mounts: 20 },
};

export const LABELS = {
  prefetch: 'prefetch of the first page (1,000 posts)',
  mount: 'fetched → list on screen (1,000 rows)',
  unrelatedWrite: 'unrelated cache write (the first after the list was read)',
  unrelatedWriteAgain: 'another unrelated cache write',
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
      Object.entries(byLib).map(([lib, rounds]) => [lib, { medianMs: median(rounds.map((s) => s.ms)), bestMs: Math.min(...rounds.map((s) => s.ms)), renders: renderRange(rounds.map((s) => s.renders)) }]),
    );
    const ideal = IDEAL[scenario];
    const idealRenders = byLib[subject].every(({ renders }) => renders.rows === ideal.rows && renders.mounts === ideal.mounts);
    const ratio = { median: median(ratios), p25: quantile(ratios, 0.25), p75: quantile(ratios, 0.75), best: libs[peer].bestMs / libs[subject].bestMs };
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
const plural = (count, noun) => `${count} ${noun}${count === '1' || count === 1 ? '' : 's'}`;
const renders = (r) => `${plural(r.rows, 'row')}, ${plural(r.mounts, 'mount')}, list ${r.lists}`;

export function printTable(results, subject, peer, labels) {
  const [a, b] = [labels[subject], labels[peer]];
  console.log(`\n| scenario | ${a} median (best) | ${b} median (best) | ${b} ÷ ${a} per round: median (IQR) | best ÷ best | ${a} renders | ${b} renders | ideal | met |`);
  console.log('|---|---:|---:|---:|---:|---|---|---|---|');
  for (const r of results) {
    const time = (lib) => `${ms(r.libs[lib].medianMs)} ms (${ms(r.libs[lib].bestMs)})`;
    const ratio = `${r.ratio.median.toFixed(2)}× (${r.ratio.p25.toFixed(2)}–${r.ratio.p75.toFixed(2)})`;
    const ideal = `${plural(r.ideal.rows, 'row')}, ${plural(r.ideal.mounts, 'mount')}`;
    console.log(
      `| ${r.label} | ${time(subject)} | ${time(peer)} | ${ratio} | ${r.ratio.best.toFixed(2)}× | ${renders(r.libs[subject].renders)} | ${renders(r.libs[peer].renders)} | ${ideal} | ${r.met ? 'yes' : '**no**'} |`,
    );
  }
  console.log(`\nA ratio above 1: ${a} is faster. "met": ${a} no slower than ${b} (median per-round ratio ≥ 1) with its ideal row renders.`);
}
