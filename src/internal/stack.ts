/**
 * Stack exhaustion (see docs/concepts.md#errors-and-errorpolicy: bad input gets a clear error). Schemas are read and written by
 * recursion, so data nested thousands of levels deep — a plain value, or entities linked in a long
 * chain through a schema member — can overflow the JavaScript stack. The public entry points turn
 * the engine's bare `RangeError` into an error that says what happened and how to fix it.
 */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** The problem text for input too deep to normalize or store. */
export const TOO_DEEP_TO_WRITE =
  'the data is nested too deeply to store (the call stack overflowed). Flatten it in process(), or send linked entities as a flat list that refers to them by pk';

/** The error for stored data whose entities link to each other too deeply to read back. */
export function tooDeepToRead(schema: string): Error {
  const fix = process.env.NODE_ENV !== 'production' ? ' Read such chains in pages, or keep the link as a plain id field.' : '';
  return new Error(
    `[rtk-rest] Cannot read ${schema}: its data is nested too deeply (the call stack overflowed, e.g. on a long next → next chain of entities). The store is unchanged.${fix}`,
  );
}
