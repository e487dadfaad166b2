/**
 * JSON to embed in an HTML `<script>`, e.g. a server store's slice for the client store (see
 * docs/server-rendering.md#what-is-serialized). Data from an API may hold `</script>` or `<!--`,
 * which would end or change the script inside the HTML, and U+2028 / U+2029, which older
 * JavaScript parsers read as line breaks inside a string: `<`, `>`, `&`, U+2028 and U+2029 are
 * written as `\u` escapes, which JSON and JavaScript read back as the same characters.
 *
 * @example
 * const html = `<script>window.__SLICE__ = ${serializeForScript(store.getState()[rest.reducerPath])}</script>`;
 * // in the browser: createRest's store gets preloadedState: { [rest.reducerPath]: window.__SLICE__ }
 */
export function serializeForScript(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`[rtk-rest] serializeForScript: ${typeof value} has no JSON form. Pass the slice, state[rest.reducerPath], or another JSON value.`);
  return json.replace(UNSAFE, (char) => ESCAPES[char]!);
}

const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };
