/**
 * Stack exhaustion (see docs/concepts.md#errors-and-errorpolicy: bad input gets a clear error). Schemas are read and written by
 * recursion, so data nested thousands of levels deep — a plain value, or entities linked in a long
 * chain through a schema member — can overflow the JavaScript stack. The public entry points turn
 * the engine's bare `RangeError` into an error that says what happened and how to fix it.
 */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/**
 * The problem text for input too deep to normalize or store (the way out in development only).
 * A function, not a constant: a module-level read of `process.env` would throw on import where no
 * bundler replaced it and no `process` exists.
 */
export function tooDeepToWrite(): string {
  const fix = process.env.NODE_ENV !== 'production' ? '. Flatten it in process(), or send linked entities as a flat list that refers to them by pk' : '';
  return `the data is nested too deeply to store (the call stack overflowed)${fix}`;
}

/** The error for stored data whose entities link to each other too deeply to read back. */
export function tooDeepToRead(schema: string): Error {
  const fix =
    process.env.NODE_ENV !== 'production' ? ' Entities linked in a long chain (next → next …) overflow it. Read such chains in pages, or keep the link as a plain id field.' : '';
  return new Error(`[rtk-rest] Cannot read ${schema}: its data is nested too deeply (the call stack overflowed). The store is unchanged.${fix}`);
}
