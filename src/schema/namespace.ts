/** `schema.Array`, `schema.Values`, … (API.md §1): usable as values and as types. */
export { ArraySchema as Array } from './Array';
export { ValuesSchema as Values } from './Values';
export { ObjectSchema as Object } from './Object';
export { UnionSchema as Union } from './Union';
export { CollectionSchema as Collection } from './Collection';
export { InvalidateSchema as Invalidate } from './Invalidate';
export { QuerySchema as Query } from './Query';
export { AllSchema as All } from './All';
export type { CollectionOptions, NonFilterArgumentKeys } from './Collection';
export type { SchemaAttribute, UnionRef } from './Union';
