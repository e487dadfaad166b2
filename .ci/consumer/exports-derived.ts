// Values derived in another module from exports.tsx's schemas and endpoints, as a monorepo package
// does. This module does not import `schema`, so `tsc` cannot name a schema class
// through a local `schema.X`: each one must be reachable under its own name from the package.
import { RestEndpoint } from 'rtk-rest';
import { A } from './example.js';
import { TagResource, allTags, schemas, tagList } from './exports.js';

export const tagPages = TagResource.getList.extend({ paginationField: 'cursor' });
export const renamed = tagList.extend({ path: '/labels' });
export const pushRenamed = renamed.push;
export const byId = new RestEndpoint({ urlPrefix: A, path: '/tags/by-id', schema: schemas.byId });
export const union = new RestEndpoint({ urlPrefix: A, path: '/things/:id', schema: schemas.thing });
export const nested = new RestEndpoint({ urlPrefix: A, path: '/tags/nested', schema: schemas.nested });
export const object = new RestEndpoint({ urlPrefix: A, path: '/tags/object', schema: schemas.object });
export const array = new RestEndpoint({ urlPrefix: A, path: '/tags/array', schema: schemas.array });
export const removed = new RestEndpoint({ urlPrefix: A, path: '/tags/:id', method: 'DELETE', schema: schemas.removed });
export const all = new RestEndpoint({ urlPrefix: A, path: '/tags/all', schema: allTags });
export const count = new RestEndpoint({ urlPrefix: A, path: '/tags/count', schema: schemas.count });
