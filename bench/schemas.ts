import { Entity as DataClientEntity } from '@data-client/endpoint';
import { schema as normalizrSchema } from 'normalizr';
import { Entity } from '../src';

/**
 * The same schema in each library: `{ project: [Project] }`, where a Project holds its build
 * types under `buildTypes.buildType`. Both are keyed by their string `id`.
 */

// ------------------------------------------------------------------ rtk-rest

export class BuildType extends Entity {
  id = '';
  internalId = '';
  name = '';
  type = '';
  paused = false;
  projectId = '';
  description = '';
  pk() {
    return this.id;
  }
  static override key = 'BuildType';
}

export class Project extends Entity {
  id = '';
  internalId = '';
  name = '';
  parentProjectId = '';
  archived = false;
  description = '';
  buildTypes: { buildType: BuildType[] } = { buildType: [] };
  pk() {
    return this.id;
  }
  static override key = 'Project';
  static override schema = { buildTypes: { buildType: [BuildType] } };
}

export const rtkSchema = { project: [Project] };

// ------------------------------------------------------- Reactive Data Client

export class DcBuildType extends DataClientEntity {
  id = '';
  internalId = '';
  name = '';
  type = '';
  paused = false;
  projectId = '';
  description = '';
  pk() {
    return this.id;
  }
  static override key = 'BuildType';
}

export class DcProject extends DataClientEntity {
  id = '';
  internalId = '';
  name = '';
  parentProjectId = '';
  archived = false;
  description = '';
  buildTypes: { buildType: DcBuildType[] } = { buildType: [] };
  pk() {
    return this.id;
  }
  static override key = 'Project';
  static override schema = { buildTypes: { buildType: [DcBuildType] } };
}

export const dataClientSchema = { project: [DcProject] };

// ------------------------------------------------------------ normalizr 3.6.2

const nrBuildType = new normalizrSchema.Entity('BuildType');
const nrProject = new normalizrSchema.Entity('Project', { buildTypes: { buildType: [nrBuildType] } });

export const normalizrProjectSchema = { project: [nrProject] };
