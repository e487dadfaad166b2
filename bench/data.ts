import { readFileSync } from 'node:fs';

/**
 * The "long nested list" inputs (the benchmark input data, from Reactive Data Client's
 * benchmark suite; ../shared/bench-data/data.json unless BENCH_DATA says otherwise) and the
 * sizes derived from it in code: the data file itself is never changed.
 */
export interface BuildTypeData {
  id: string;
  internalId?: string;
  name: string;
  type?: string;
  paused?: boolean;
  projectId: string;
  description?: string;
}

export interface ProjectData {
  id: string;
  internalId?: string;
  name: string;
  parentProjectId?: string;
  archived?: boolean;
  description?: string;
  buildTypes: { buildType: BuildTypeData[] };
}

export interface ProjectList {
  project: ProjectData[];
}

export interface SizedInput {
  /** `small`, `full` or `large`. */
  label: string;
  input: ProjectList;
  projects: number;
  buildTypes: number;
  /** Projects plus build types: the number of entities normalize writes. */
  entities: number;
}

export function loadProjects(dataFile: string): ProjectList {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(dataFile, 'utf8'));
  } catch (error) {
    throw new Error(`[rtk-rest bench] cannot read ${dataFile} (set BENCH_DATA to data.json's path): ${String(error)}`);
  }
  const list = parsed as Partial<ProjectList>;
  if (!Array.isArray(list.project)) throw new Error(`[rtk-rest bench] ${dataFile} has no "project" array`);
  return list as ProjectList;
}

export function countEntities(input: ProjectList): number {
  let count = 0;
  for (const project of input.project) count += 1 + project.buildTypes.buildType.length;
  return count;
}

/** The shortest prefix of the project list with at least `target` entities. */
export function sliceToEntities(list: ProjectList, target: number): ProjectList {
  let count = 0;
  let end = 0;
  while (end < list.project.length && count < target) {
    count += 1 + list.project[end]!.buildTypes.buildType.length;
    end++;
  }
  return { project: list.project.slice(0, end) };
}

/** One copy of the list with every id (and reference to an id) suffixed, e.g. `-c2`. */
function renamed(list: ProjectList, suffix: string): ProjectData[] {
  return list.project.map((project) => ({
    ...project,
    id: project.id + suffix,
    ...(project.parentProjectId === undefined ? {} : { parentProjectId: project.parentProjectId + suffix }),
    buildTypes: {
      buildType: project.buildTypes.buildType.map((buildType) => ({
        ...buildType,
        id: buildType.id + suffix,
        projectId: buildType.projectId + suffix,
      })),
    },
  }));
}

/** `copies` copies of the list, the first as it is and the others with ids suffixed `-c2`, `-c3`, … */
export function multiply(list: ProjectList, copies: number): ProjectList {
  const project = [...list.project];
  for (let copy = 2; copy <= copies; copy++) project.push(...renamed(list, `-c${copy}`));
  return { project };
}

function sized(label: string, input: ProjectList): SizedInput {
  const projects = input.project.length;
  const entities = countEntities(input);
  return { label, input, projects, buildTypes: entities - projects, entities };
}

/**
 * The three sizes: about 250 entities (a prefix), the whole file (2,826) and four renamed
 * copies (11,304). `--quick` runs the first two only.
 */
export function sizedInputs(list: ProjectList, quick: boolean): SizedInput[] {
  const sizes = [sized('small', sliceToEntities(list, 250)), sized('full', list)];
  // Through JSON, so that the copies are flat strings and fresh objects, like a parsed response.
  if (!quick) sizes.push(sized('large', JSON.parse(JSON.stringify(multiply(list, 4))) as ProjectList));
  return sizes;
}
