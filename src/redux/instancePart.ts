import type { EntityMatchers } from './entityChanges';
import type { Restore } from './restore';
import type { UnknownAction } from './rtk';
import type { Table, TableLimits } from './tables';
import type { EntityWrite, RestState } from './types';

// What a feature gives an instance (types only, read by the context, the reducer and the
// features): a module of its own, so that none of them imports another back.

/**
 * Writes of one reducer (slice.ts builds it): the entity tables and the key tables (`endpoints`,
 * `meta`) with their own size thresholds (tables.ts). Several keys written by one action go in
 * one `keys` call, so a plain table is copied once per action, not once per key.
 */
export interface Writer {
  entities(state: RestState, write: EntityWrite): RestState;
  keys<T>(table: Table<T>, written: Record<string, T | undefined>): Table<T>;
  key<T>(table: Table<T>, key: string, value: T | undefined): Table<T>;
}

/** The middleware's step before the reducer that writes which entities an action changes into it. */
export type Annotate = (received: UnknownAction, forwarded: UnknownAction, rootState: unknown) => void;

/** The reducer's step after the base reducer that keeps the optimistic layers (view.ts). */
type LayerStep = (state: RestState, action: UnknownAction) => RestState;

/**
 * The optimistic layers' part of an instance: the reducer's step, and the view the selectors
 * read (the base with every layer applied). Without it the view is the base.
 */
export interface Layers {
  readonly reduce: LayerStep;
  view(slice: RestState): RestState;
}

/** The base reducer's step for a `gc` action: the swept keys and entities removed through the reducer's writer. */
export type Sweep = (w: Writer, state: RestState, keys: readonly string[], entities: readonly { key: string; pk: string }[]) => RestState;

/** What a feature gives the instance itself (built once by `createRest`, not per store). */
export interface InstancePart {
  readonly restore?: Restore;
  readonly annotate?: Annotate;
  readonly layers?: Layers;
  readonly sweep?: Sweep;
  /** `rest.matchEntitiesChanged` and `rest.changedPks` reading what `annotate` wrote. */
  readonly matchers?: EntityMatchers;
  /** The tables' size thresholds (`shardTablesAbove`); without them tables stay plain at every size. */
  readonly limits?: TableLimits;
}
