import { normalize as dataClientNormalize } from '@data-client/normalizr';
import { normalize as normalizrNormalize } from 'normalizr';
import { normalize } from '../../src';
import { loadProjects, sizedInputs } from '../data';
import type { SizedInput } from '../data';
import { readConfig, runScenarios } from '../harness';
import type { Contender, LibName, Scenario } from '../harness';
import { dataClientSchema, normalizrProjectSchema, rtkSchema } from '../schemas';

/**
 * Workload "normalize": the long nested list normalized into an empty store, each library with
 * its own equivalent schema, at three sizes.
 */

type Tables = Record<string, Record<string, unknown> | undefined>;

const operations: Record<LibName, (input: unknown) => Tables> = {
  'rtk-rest': (input) => normalize(rtkSchema, input).entities,
  normalizr: (input) => normalizrNormalize(input, normalizrProjectSchema).entities as Tables,
  'data-client': (input) => dataClientNormalize(input, dataClientSchema).entities as Tables,
};

function tableSize(tables: Tables, key: string): number {
  return Object.keys(tables[key] ?? {}).length;
}

/** Throws unless every library wrote one entity per project and per build type. */
function verify(size: SizedInput): void {
  for (const [lib, run] of Object.entries(operations)) {
    const entities = run(size.input);
    const got = { Project: tableSize(entities, 'Project'), BuildType: tableSize(entities, 'BuildType') };
    if (got.Project !== size.projects || got.BuildType !== size.buildTypes) {
      throw new Error(
        `[rtk-rest bench] normalize/${size.label}: ${lib} wrote ${got.Project} Project and ${got.BuildType} BuildType entities; expected ${size.projects} and ${size.buildTypes}`,
      );
    }
  }
}

function* scenarios(sizes: readonly SizedInput[]): Generator<Scenario> {
  for (const size of sizes) {
    verify(size);
    const contenders = Object.entries(operations).map(([lib, run]): Contender => ({ lib: lib as LibName, run: () => run(size.input) }));
    yield { name: 'normalize', size: size.label, entities: size.entities, perEntity: true, contenders };
  }
}

const config = readConfig();
const sizes = sizedInputs(loadProjects(config.dataFile), config.quick);
console.log(`normalize: ${sizes.map((s) => `${s.label} ${s.entities} entities`).join(', ')}`);
runScenarios(config, scenarios(sizes));
