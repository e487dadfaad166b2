import { loadProjects, sizedInputs } from '../data';
import type { SizedInput } from '../data';
import { denormalizers, findBuildType, summarize } from '../denormalizers';
import type { Denormalizer, Tables } from '../denormalizers';
import { readConfig, runScenarios } from '../harness';
import type { Contender, Scenario } from '../harness';

/**
 * Workload "denormalize": reading the normalized long list back, at three sizes.
 * - cold: plain denormalize, no cache (all three libraries);
 * - cold memo: a new memo cache for every read (rtk-rest, Data Client);
 * - warm, unchanged: one cache, the same entities every read;
 * - warm, 1 changed: one cache; before each read (untimed) one BuildType gets a new `name`,
 *   copy-on-write (new BuildType table, new entities object, everything else shared).
 */

const notes: string[] = [];

function fail(message: string): never {
  throw new Error(`[rtk-rest bench] denormalize: ${message}`);
}

/** Throws unless a denormalized answer has every project and build type of the input. */
function verifyData(what: string, d: Denormalizer, data: unknown, expected: string): void {
  const got = summarize(data);
  if (got !== expected) fail(`${what}: ${d.lib} read back ${got}; expected ${expected}`);
  const first = (data as { project: unknown[] }).project[0];
  if (d.projectClass !== undefined && first !== undefined && !(first instanceof d.projectClass)) {
    fail(`${what}: ${d.lib} did not build ${d.projectClass.name} instances`);
  }
}

/**
 * A chain of entities objects, each one BuildType `name` away from the previous one; the changed
 * BuildType moves through the table with a prime stride so that each step changes another one.
 */
function changeChain(start: Tables) {
  const original = start.BuildType ?? fail('no BuildType table');
  const pks = Object.keys(original);
  let current = start;
  let step = 0;
  return {
    next() {
      step++;
      const pk = pks[(step * 7919) % pks.length]!;
      const stored = original[pk] as { name: string; projectId: string };
      const name = `${stored.name} #${step}`;
      current = { ...current, BuildType: { ...current.BuildType, [pk]: { ...(current.BuildType![pk] as object), name } } };
      return { entities: current, pk, projectId: stored.projectId, name };
    },
  };
}

function coldScenarios(size: SizedInput, libs: Denormalizer[], expected: string): Scenario[] {
  for (const d of libs) verifyData('cold', d, d.cold(d.entities), expected);
  const memoized = libs.filter((d) => d.memo !== undefined);
  for (const d of memoized) verifyData('cold memo', d, d.memoData(d.memo!()(d.entities)), expected);
  const common = { size: size.label, entities: size.entities };
  return [
    { ...common, name: 'cold', contenders: libs.map((d): Contender => ({ lib: d.lib, run: () => d.cold(d.entities) })) },
    { ...common, name: 'cold memo (new cache)', contenders: memoized.map((d): Contender => ({ lib: d.lib, run: () => d.memo!()(d.entities) })) },
  ];
}

function warmUnchanged(size: SizedInput, memoized: Denormalizer[], expected: string): Scenario {
  const contenders = memoized.map((d): Contender => {
    const read = d.memo!();
    const first = d.memoData(read(d.entities));
    verifyData('warm', d, first, expected);
    if (d.memoData(read(d.entities)) !== first) notes.push(`${size.label}: ${d.lib} warm read returned a new object for unchanged entities`);
    return { lib: d.lib, run: () => read(d.entities) };
  });
  return { name: 'warm memo, unchanged', size: size.label, entities: size.entities, contenders };
}

function warmChanged(size: SizedInput, memoized: Denormalizer[], expected: string): Scenario {
  const contenders = memoized.map((d): Contender => {
    const read = d.memo!();
    const before = d.memoData(read(d.entities));
    verifyData('warm, 1 changed', d, before, expected);
    const chain = changeChain(d.entities);
    const change = chain.next();
    const after = d.memoData(read(change.entities));
    const changed = findBuildType(after, change.projectId, change.pk);
    if (changed?.name !== change.name) fail(`${d.lib} read ${JSON.stringify(changed?.name)} for ${change.pk} after changing its name to ${JSON.stringify(change.name)}`);
    const untouched = (data: unknown) => (data as { project: { id: string }[] }).project.find((p) => p.id !== change.projectId);
    if (untouched(after) !== untouched(before)) notes.push(`${size.label}: ${d.lib} rebuilt an unchanged project after one BuildType changed`);
    return { lib: d.lib, prepare: (count) => Array.from({ length: count }, () => chain.next().entities), run: (tables) => read(tables as Tables) };
  });
  return { name: 'warm memo, 1 changed', size: size.label, entities: size.entities, contenders };
}

function* scenarios(sizes: readonly SizedInput[]): Generator<Scenario> {
  for (const size of sizes) {
    const libs = denormalizers(size.input);
    const expected = summarize(size.input);
    const memoized = libs.filter((d) => d.memo !== undefined);
    yield* coldScenarios(size, libs, expected);
    yield warmUnchanged(size, memoized, expected);
    yield warmChanged(size, memoized, expected);
  }
}

const config = readConfig();
const sizes = sizedInputs(loadProjects(config.dataFile), config.quick);
console.log(`denormalize: ${sizes.map((s) => `${s.label} ${s.entities} entities`).join(', ')}`);
runScenarios(config, scenarios(sizes), notes);
