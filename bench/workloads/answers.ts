import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { readConfig } from '../harness';
import { checkPosts, PostServer } from '../storeData';
import { CONTENDERS, REFERENCES } from '../stores';
import type { StoreContender, StoreLib } from '../stores';

/**
 * Workload "answers": large answers into one store. 100 distinct GETs of 1,000 new posts each
 * (posts with a nested author, 100 authors that repeat), in sequence, into an empty store: the
 * time until the store holds all 100,000 posts, every library wired as in the store workload
 * (bench/stores.ts, production mode, no HTTP). Where the store path measures the per-request
 * overhead of small answers, this measures the per-entity cost of normalizing and storing big
 * ones, and how it grows as the tables fill. See bench/README.md, "Large answers".
 */

const config = readConfig();
const quick = config.quick;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('[rtk-rest bench] answers: run with node --expose-gc (bench/run.mjs does)');
const collect = gc;

const ANSWERS = quick ? 10 : 100;
const ANSWER_SIZE = 1000;
const ROUNDS = quick ? 1 : 5;

const now = () => process.hrtime.bigint();
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
};
/** One turn of the event loop before each run: timers and finalizers of the previous store run first. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
const rotate = <T>(items: readonly T[], by: number) => items.map((_, i) => items[(i + by) % items.length]!);

/** One run: a new store, every answer in sequence (parsed beforehand, untimed); ms in all. */
async function run(contender: StoreContender, server: PostServer): Promise<number> {
  await flush();
  server.prepare();
  const store = contender.create(server);
  collect();
  const start = now();
  for (let page = 0; page < ANSWERS; page++) await store.request(page);
  const ms = Number(now() - start) / 1e6;
  checkPosts(contender.lib, `selected data for answer ${ANSWERS - 1}`, store.selectPage(store.getState(), ANSWERS - 1), (ANSWERS - 1) * ANSWER_SIZE, ANSWER_SIZE);
  return ms;
}

async function main() {
  const only = process.env.BENCH_STORE_LIBS?.split(',');
  const contenders = [...CONTENDERS, ...REFERENCES.filter((r) => r.lib === 'rtk-rest getList')].filter((c) => only === undefined || only.includes(c.lib));
  const server = new PostServer(ANSWERS, ANSWER_SIZE);
  // A warm-up run per library, checked.
  for (const contender of contenders) await run(contender, server);
  const runs = new Map<StoreLib, number[]>(contenders.map((c) => [c.lib, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const contender of rotate(contenders, round)) {
      const ms = await run(contender, server);
      runs.get(contender.lib)!.push(ms);
      console.log(`  answers, round ${round + 1}: ${contender.lib} ${ms.toFixed(0)} ms for ${ANSWERS} answers of ${ANSWER_SIZE}`);
    }
  }
  // The ratio of each round (the libraries ran minutes apart at most), then its median.
  const vs = (lib: StoreLib, peer: StoreLib) => (runs.has(peer) ? median(runs.get(lib)!.map((ms, r) => ms / runs.get(peer)![r]!)) : NaN);
  const rows = contenders.map((c) => ({ lib: c.lib, ms: median(runs.get(c.lib)!), vsRtkQuery: vs(c.lib, 'rtk-query'), vsDataClient: vs(c.lib, 'data-client') }));
  const cell = (ratio: number) => (Number.isNaN(ratio) ? '—' : `${ratio.toFixed(2)}×`);
  console.log(`\n${ANSWERS} answers × ${ANSWER_SIZE} posts into an empty store, median of ${ROUNDS} rounds (ratio: this ÷ peer, median of per-round ratios)\n`);
  console.log('| library | ms | ÷ RTK Query | ÷ Data Client |\n|---|---:|---:|---:|');
  for (const row of rows) console.log(`| ${row.lib} | ${row.ms.toFixed(0)} | ${cell(row.vsRtkQuery)} | ${cell(row.vsDataClient)} |`);
  const out = { workload: config.workload, date: new Date().toISOString(), node: process.version, versions: config.versions, quick, answers: ANSWERS, answerSize: ANSWER_SIZE, rows, runs: Object.fromEntries(runs) };
  mkdirSync(dirname(config.outFile), { recursive: true });
  writeFileSync(config.outFile, JSON.stringify(out, null, 2) + '\n');
  console.log(`results: ${config.outFile}`);
}

main().then(
  // RTK Query's cache timers would keep the process alive.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
