/**
 * One version of a stored table, as a reader's `token(key)` may give it: the version it was
 * written over and the pks that write changed, so that a memoized answer valid in an older version
 * is shown valid in this one without reading its cells (see docs/internals.md#memoized-reads).
 * Holds no table and no cell; a chain is cut (`previous` undefined) wherever it is not known.
 */
export class TableVersion {
  constructor(
    readonly previous: TableVersion | undefined,
    readonly pks: readonly string[],
    /** Steps back to the start of the chain. */
    readonly depth: number,
  ) {}
}
