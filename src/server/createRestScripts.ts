import type { Rest } from '../redux/createRest';
import { onlyRest } from '../redux/instance/onlyRest';
import { runtimeOf } from '../redux/instance/middleware';
import type { UnknownAction } from '../redux/rtk';
import { scriptQueueName } from '../redux/instance/scriptQueue';
import { serializeForScript } from '../redux/store/serializeForScript';
import { initialState } from '../redux/store/slice';
import type { RestState } from '../redux/types';
import { sliceChanges } from './sliceChanges';

/**
 * Options of `createRestScripts` and the stream helpers built on it.
 *
 * @preventInline ActionCreatorWithPreparedPayload
 * @preventInline ActionCreatorWithPayload
 * @preventInline ActionCreatorWithoutPayload
 */
export interface RestScriptsOptions {
  /** The instance whose slice to send, for a store with several. @default the one instance installed in the store */
  rest?: Rest;
  /** The `nonce` attribute of each script, for a Content-Security-Policy that requires one. */
  nonce?: string;
}

/** A store as the server side reads it. */
export interface ServerStore {
  /** The root state, whose `[rest.reducerPath]` is sent. */
  getState(): unknown;
  /** Finds the store's rtk-rest instance when none is passed. */
  dispatch(action: UnknownAction): unknown;
}

/**
 * The server half of streaming (see docs/server-rendering.md#streaming): a function that, each
 * time it is called, returns a `<script>` carrying what the store's slice gained since the
 * previous call (the first call: everything it holds), or `''` when nothing changed. In the
 * browser the script leaves the writes for `receiveRestScripts`, which merges them into the client
 * store by freshness. The data is serialized with `serializeForScript`, so it can neither end the
 * script nor change the HTML around it. One per store, so one per request: it keeps only what it
 * last sent. `restScriptsTransform`, `restScriptsDestination` and `rtk-rest/next`'s
 * `<RestScripts>` call it before each piece of HTML React streams.
 *
 * @example
 * const scripts = createRestScripts(store);
 * // before each chunk of HTML: write(scripts() + chunk)
 */
export function createRestScripts(store: ServerStore, options: RestScriptsOptions = {}): () => string {
  const code = restScriptCode(store, options);
  const open = options.nonce === undefined ? '<script>' : `<script nonce="${attribute(options.nonce)}">`;
  return () => {
    const script = code();
    return script === '' ? '' : `${open}${script}</script>`;
  };
}

/**
 * `createRestScripts` without the `<script>` tags: the JavaScript of each script, or `''`, for a
 * framework that writes the element itself (Next.js's `useServerInsertedHTML`).
 */
export function restScriptCode(store: ServerStore, options: Pick<RestScriptsOptions, 'rest'> = {}): () => string {
  const rest = options.rest ?? onlyRest(store, 'createRestScripts', 'createRestScripts(store, { rest })');
  const queue = serializeForScript(scriptQueueName(rest.reducerPath));
  const { tables } = runtimeOf((action) => store.dispatch(action), rest.reducerPath);
  let sent: RestState = initialState();
  return () => {
    const slice = (store.getState() as Record<string, unknown>)[rest.reducerPath] as RestState | undefined;
    if (slice === undefined || slice === sent) return '';
    const changes = sliceChanges(tables, sent, slice);
    sent = slice;
    return changes === undefined ? '' : `(self[${queue}]=self[${queue}]||[]).push(${literal(changes)})`;
  };
}

/**
 * The writes as a JavaScript expression. A JSON object read as a literal would set the prototype
 * for a key `"__proto__"` (a pk or query key from the API): such writes go through `JSON.parse`,
 * which keeps the key an own property, as the client store expects.
 */
function literal(changes: Partial<RestState>): string {
  const json = serializeForScript(changes);
  return json.includes('"__proto__":') ? `JSON.parse(${serializeForScript(JSON.stringify(changes))})` : json;
}

const attribute = (value: string) => value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
