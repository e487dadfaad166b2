import type { RestState } from '../types';

/**
 * A store's states are one lineage: the reducer makes each from the one before, and a view (the
 * optimistic layers over a state) is of its state's. What the selectors keep about a store's
 * states outside them (each key's last answer, `LastAnswers`) is kept in its lineage, so that a
 * dropped store takes it along, and stores that share one `rest` instance (one store per request
 * on a server) never keep one another's answers. Stores made from one preloaded slice object
 * share its lineage; what they keep stays valid for each, as it is checked against the state read.
 */
export interface Lineage {
  /** The selectors' records of this lineage's keys (`LastAnswers`), made on first read. */
  answers?: Map<string, unknown>;
}

/** One per slice object: its lineage, and itself a token of that very slice (it holds no state). */
export interface SliceMark {
  readonly lineage: Lineage;
}

const marks = new WeakMap<RestState, SliceMark>();

/** The mark of a slice; a slice no reducer or view made from another starts a lineage. */
export function markOf(slice: RestState): SliceMark {
  let mark = marks.get(slice);
  if (mark === undefined) marks.set(slice, (mark = { lineage: {} }));
  return mark;
}

/** `next` is of `from`'s lineage: made from it by the reducer, or a view of it. */
export function inherit(next: RestState, from: RestState | undefined): void {
  if (from !== undefined && next !== from && !marks.has(next)) marks.set(next, { lineage: markOf(from).lineage });
}
