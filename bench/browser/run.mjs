// The browser benchmark: the same list app (1,000 posts by 50 authors in memoized rows) on
// rtk-rest and on RTK Query, in headless Debian chromium driven by playwright-core, side by side
// in one run. Each library has its own page (its own bundle and browser context, as in an app), served
// cross-origin isolated by a local server. A round makes a new store and root in each page, then
// times, in the page, the scenarios of page.ts in order, each in both pages in turn; rounds
// alternate which library goes first. The driver prints medians, per-round ratios and renders
// (report.mjs).
//
//   node bench/browser/run.mjs [--quick] [--rounds N] [--warmup N] [--profile [scenario]] [--profile-rounds N]
//
// --quick: 3 rounds after 1 warm-up round (default 15 after 3). --profile: afterwards, CPU
// profiles of rtk-rest's page in one scenario (default: the one where rtk-rest is furthest behind,
// by median ratio), from an unminified build, over --profile-rounds rounds (default 20), by source
// module and function (profile.mjs). CHROMIUM_PATH overrides /usr/bin/chromium; no browser is
// ever downloaded. Writes bench/out/browser.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { APPS, buildPages } from './build.mjs';
import { attribute, moduleLines, printProfile } from './profile.mjs';
import { printTable, summarize } from './report.mjs';
import { serve } from './server.mjs';
import { revision, version } from '../versions.mjs';

const browserDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(browserDir, '..', '..');
const outDir = join(root, 'bench', 'out', 'browser');
const outFile = join(root, 'bench', 'out', 'browser.json');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// --expose-gc lets each round start after a full GC (page.ts), so that one round's garbage is not
// collected in the next one's timed steps.
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--js-flags=--expose-gc'];
/** Scenarios in round order (page.ts runs each on the state the previous one left). */
const SCENARIOS = ['prefetch', 'mount', 'unrelatedWrite', 'unrelatedWriteAgain', 'renameAuthor', 'editTitle', 'appendPage'];
// After a step, the driver waits this long before the next one, so that timers and effects the
// step started run outside the timed steps. After the mount, longer than RTK Query's 500 ms
// subscription sync timer; the same wait for both libraries.
const SETTLE_MS = { mount: 600 };
const DEFAULT_SETTLE_MS = 50;
const SUBJECT = 'rtk-rest';
const PEER = 'rtk-query';
const LABELS = Object.fromEntries(APPS.map((app) => [app.name, app.label]));

const options = parseArgs(process.argv.slice(2));
if (!existsSync(CHROMIUM)) fail(`no chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);

const sizes = await buildPages(outDir);
const server = await serve(outDir);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
try {
  const versions = {
    chromium: browser.version(),
    'playwright-core': version(root, 'playwright-core'),
    react: version(root, 'react'),
    'react-dom': version(root, 'react-dom'),
    'react-redux': version(root, 'react-redux'),
    '@reduxjs/toolkit': version(root, '@reduxjs/toolkit'),
    esbuild: version(root, 'esbuild'),
    'rtk-rest': revision(root),
  };
  console.log(
    `browser bench${options.quick ? ' (quick)' : ''}: ${options.rounds} rounds after ${options.warmup} warm-up; ` +
      Object.entries(versions).map(([k, v]) => `${k} ${v}`).join(', '),
  );
  console.log(`bundles (minified): ${APPS.map((app) => `${app.label} ${(sizes[app.name] / 1024).toFixed(1)} kB`).join(', ')}`);

  const pages = {};
  for (const app of APPS) pages[app.name] = await openPage(browser, `${server.url}/${app.name}.html`);
  const environment = {};
  for (const app of APPS) environment[app.name] = await pages[app.name].evaluate(() => globalThis.bench.describe());
  for (const [name, env] of Object.entries(environment)) {
    if (!env.crossOriginIsolated) console.log(`note: ${name}'s page is not cross-origin isolated; performance.now() is coarse (100 µs)`);
    if (env.visibility !== 'visible') console.log(`note: ${name}'s page is ${env.visibility}; timers may be throttled`);
  }

  const samples = Object.fromEntries(SCENARIOS.map((scenario) => [scenario, Object.fromEntries(APPS.map((app) => [app.name, []]))]));
  for (let round = 0; round < options.warmup + options.rounds; round++) {
    const warm = round < options.warmup;
    const order = round % 2 === 0 ? APPS : [...APPS].reverse();
    const results = await runRound(order.map((app) => pages[app.name]), round);
    order.forEach((app, index) => {
      if (!warm) for (const [scenario, sample] of Object.entries(results[index])) samples[scenario][app.name].push(sample);
    });
    const line = order.map((app, index) => `${app.label}: ${SCENARIOS.map((s) => results[index][s].ms.toFixed(2)).join(' / ')}`);
    console.log(`  ${warm ? 'warm-up' : 'round'} ${warm ? round + 1 : round - options.warmup + 1} (ms, ${SCENARIOS.join(' / ')}): ${line.join('; ')}`);
  }

  const results = summarize(samples, SUBJECT, PEER);
  printTable(results, SUBJECT, PEER, LABELS);

  let profile;
  if (options.profile !== undefined) {
    const scenario = options.profile === true ? [...results].sort((a, b) => a.ratio.median - b.ratio.median)[0].scenario : options.profile;
    profile = await profileScenario(browser, scenario, options.profileRounds);
  }

  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify({ date: new Date().toISOString(), versions, options, environment, bundleBytes: sizes, results, samples, profile }, null, 2));
  console.log(`\nwrote ${outFile}`);
} finally {
  await browser.close();
  await server.close();
}

/** One page per library, in its own browser context; page errors fail the run. */
async function openPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => fail(`page error in ${url}: ${error.stack ?? error}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') console.log(`  [${url}] console.${message.type()}: ${message.text()}`);
  });
  await page.goto(url);
  await page.waitForFunction(() => globalThis.bench !== undefined);
  return page;
}

/**
 * One round: a new store and root in every page, then each scenario in every page in turn (the
 * libraries' samples of a scenario are taken moments apart, so that the machine's load weighs on
 * them alike), its renders counted. Returns each page's `{ [scenario]: { ms, renders } }`.
 */
async function runRound(pages, round, hooks = {}) {
  for (const page of pages) await page.evaluate((r) => globalThis.bench.start(r), round);
  const results = pages.map(() => ({}));
  for (const scenario of SCENARIOS) {
    for (const [index, page] of pages.entries()) {
      await hooks.before?.(scenario);
      const ms = await page.evaluate((s) => globalThis.bench.step(s), scenario);
      await hooks.after?.(scenario);
      const renders = await page.evaluate((wait) => globalThis.bench.settle(wait), SETTLE_MS[scenario] ?? DEFAULT_SETTLE_MS);
      results[index][scenario] = { ms, renders };
    }
  }
  for (const page of pages) await page.evaluate(() => globalThis.bench.finish());
  return results;
}

/** CPU profiles of rtk-rest's page (unminified build) around one scenario's step, merged. */
async function profileScenario(browser, scenario, rounds) {
  const profileDir = join(outDir, 'profile');
  await buildPages(profileDir, { minify: false });
  const profileServer = await serve(profileDir);
  try {
    const url = `${profileServer.url}/${SUBJECT}.js`;
    const page = await openPage(browser, `${profileServer.url}/${SUBJECT}.html`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    const profiles = [];
    const times = [];
    // The first rounds warm the JIT and are not profiled.
    const warmup = 3;
    for (let round = 0; round < warmup + rounds; round++) {
      const profiled = (s) => s === scenario && round >= warmup;
      const [results] = await runRound([page], round, {
        before: async (s) => {
          if (profiled(s)) await cdp.send('Profiler.start');
        },
        after: async (s) => {
          if (profiled(s)) profiles.push((await cdp.send('Profiler.stop')).profile);
        },
      });
      if (round >= warmup) times.push(results[scenario].ms);
    }
    // Each profile as a file that Chrome DevTools' Performance panel opens.
    profiles.forEach((profile, index) => writeFileSync(join(profileDir, `${scenario}-${index + 1}.cpuprofile`), JSON.stringify(profile)));
    const summary = attribute(profiles, url, moduleLines(readFileSync(join(profileDir, `${SUBJECT}.js`), 'utf8')));
    const sorted = [...times].sort((a, b) => a - b);
    printProfile(`CPU profile of ${LABELS[SUBJECT]}, ${scenario} (unminified build, median ${sorted[sorted.length >> 1].toFixed(2)} ms while profiled)`, summary, profiles.length);
    await page.context().close();
    return { scenario, rounds, stepMs: times, ...summary };
  } finally {
    await profileServer.close();
  }
}

function parseArgs(args) {
  const quick = args.includes('--quick');
  const result = { quick, rounds: quick ? 3 : 15, warmup: quick ? 1 : 3, profile: undefined, profileRounds: 20 };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const number = () => {
      const value = Number(args[++i]);
      if (!Number.isInteger(value) || value < 0) fail(`${arg} needs a whole number`);
      return value;
    };
    if (arg === '--quick') continue;
    else if (arg === '--rounds') result.rounds = Math.max(1, number());
    else if (arg === '--warmup') result.warmup = number();
    else if (arg === '--profile-rounds') result.profileRounds = Math.max(1, number());
    else if (arg === '--profile') {
      const next = args[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        if (!SCENARIOS.includes(next)) fail(`--profile: no scenario ${next}; scenarios: ${SCENARIOS.join(', ')}`);
        result.profile = next;
        i++;
      } else result.profile = true;
    } else fail(`unknown option ${arg}; usage: node bench/browser/run.mjs [--quick] [--rounds N] [--warmup N] [--profile [scenario]] [--profile-rounds N]`);
  }
  return result;
}

function fail(message) {
  console.error(`[rtk-rest bench] browser: ${message}`);
  process.exit(1);
}
