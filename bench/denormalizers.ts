import { denormalize as dcDenormalize, denormalizeCached, normalize as dcNormalize, WeakEntityMap } from '@data-client/normalizr';
import { denormalize as nrDenormalize, normalize as nrNormalize } from 'normalizr';
import { denormalize, MemoCache, normalize } from '../src';
import type { ProjectList } from './data';
import type { LibName } from './harness';
import { dataClientSchema, DcProject, normalizrProjectSchema, Project, rtkSchema } from './schemas';

/**
 * Each library's denormalize entry points over its own normalized copy of one input. Each
 * function returns the library's answer as it is: the data for `cold`; rtk-rest's MemoResult or
 * Data Client's `{ data, paths }` for `memo`, read with `memoData`.
 */

export type Tables = Record<string, Record<string, unknown>>;

export interface Denormalizer {
  lib: LibName;
  result: unknown;
  entities: Tables;
  /** Entity class of a denormalized project, if the library builds instances. */
  projectClass?: abstract new (...args: any[]) => unknown;
  /** Plain, unmemoized denormalize. */
  cold: (entities: Tables) => unknown;
  /** Memoized denormalize, bound to a cache made by each call of `memo()`. */
  memo?: () => (entities: Tables) => unknown;
  /** The denormalized value inside an answer of `memo`. */
  memoData: (answer: unknown) => unknown;
}

const dataField = (answer: unknown) => (answer as { data: unknown }).data;

function rtkRest(input: ProjectList): Denormalizer {
  const { result, entities } = normalize(rtkSchema, input);
  return {
    lib: 'rtk-rest',
    result,
    entities,
    projectClass: Project,
    cold: (tables) => denormalize(rtkSchema, result, tables),
    memo: () => {
      const cache = new MemoCache();
      return (tables) => cache.denormalize(rtkSchema, result, tables);
    },
    memoData: dataField,
  };
}

function normalizr(input: ProjectList): Denormalizer {
  const { result, entities } = nrNormalize(input, normalizrProjectSchema);
  return {
    lib: 'normalizr',
    result,
    entities: entities as Tables,
    cold: (tables) => nrDenormalize(result, normalizrProjectSchema, tables),
    memoData: dataField,
  };
}

/**
 * @data-client/normalizr 0.10 has no MemoCache class: its memoized read is
 * `denormalizeCached(input, schema, entities, entityCache, resultCache, args)`, with the two
 * caches kept by the caller (Data Client's Controller keeps them for the store's lifetime).
 */
function dataClient(input: ProjectList): Denormalizer {
  const { result, entities } = dcNormalize(input, dataClientSchema);
  return {
    lib: 'data-client',
    result,
    entities: entities as Tables,
    projectClass: DcProject,
    cold: (tables) => dcDenormalize(result, dataClientSchema, tables),
    memo: () => {
      const entityCache = {};
      const resultCache = new WeakEntityMap<object, any>();
      return (tables) => denormalizeCached(result, dataClientSchema, tables, entityCache, resultCache, []);
    },
    memoData: dataField,
  };
}

export function denormalizers(input: ProjectList): Denormalizer[] {
  return [rtkRest(input), normalizr(input), dataClient(input)];
}

interface ProjectView {
  id: string;
  name: string;
  buildTypes: { buildType: { id: string; name: string }[] };
}

/** Counts and a checksum of every name, to compare a denormalized answer with the input. */
export function summarize(data: unknown): string {
  const projects = (data as { project?: ProjectView[] } | undefined)?.project;
  if (!Array.isArray(projects)) return `not a project list: ${typeof data}`;
  let buildTypes = 0;
  let hash = 0;
  const mix = (text: string) => {
    for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  };
  for (const project of projects) {
    mix(project.id + project.name);
    for (const buildType of project.buildTypes.buildType) {
      buildTypes++;
      mix(buildType.id + buildType.name);
    }
  }
  return `${projects.length} projects, ${buildTypes} build types, names #${hash}`;
}

/** The denormalized build type `pk` of project `projectId`, if present. */
export function findBuildType(data: unknown, projectId: string, pk: string): { name: string } | undefined {
  const project = (data as { project: ProjectView[] }).project.find((p) => p.id === projectId);
  return project?.buildTypes.buildType.find((b) => b.id === pk);
}
