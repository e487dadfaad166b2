import { createRestScripts } from './createRestScripts';
import type { RestScriptsOptions, ServerStore } from './createRestScripts';
import { scriptInserter } from './scriptInserter';

/**
 * A `TransformStream` for `renderToReadableStream` (see docs/server-rendering.md#streaming): the
 * HTML passes through with the store's writes inserted before each piece React streams, as
 * scripts that `receiveRestScripts` applies in the browser.
 *
 * @example
 * const stream = await renderToReadableStream(app, { bootstrapModules: ['/client.js'] });
 * return new Response(stream.pipeThrough(restScriptsTransform(store)), { headers: { 'content-type': 'text/html' } });
 */
export function restScriptsTransform(store: ServerStore, options?: RestScriptsOptions): TransformStream<Uint8Array | string, Uint8Array> {
  const scripts = createRestScripts(store, options);
  let inserter: ReturnType<typeof scriptInserter>;
  return new TransformStream({
    start(controller) {
      inserter = scriptInserter(scripts, (chunk) => controller.enqueue(chunk));
    },
    transform(chunk) {
      inserter.write(chunk);
    },
    flush() {
      inserter.flush();
    },
  });
}

/** What React's `pipe` writes to: a Node `Writable` such as an HTTP response. */
export interface PipeDestination {
  /** Sends a chunk of HTML; `false` asks the writer to wait for `'drain'`. */
  write(chunk: any): boolean;
  /** Ends the response. */
  end(): unknown;
  /** Listens for `'drain'`, `'error'` and `'close'`. */
  on(event: string, listener: (...args: any[]) => void): unknown;
  /** Ends the response with an error. */
  destroy?(error?: Error): unknown;
  /** Sends what is buffered (compression middleware adds it). */
  flush?(): unknown;
}

/**
 * The destination to give `renderToPipeableStream`'s `pipe` (see
 * docs/server-rendering.md#streaming): writes go on to `destination` (e.g. Express's `res`) with
 * the store's writes inserted before each piece React streams, as scripts that
 * `receiveRestScripts` applies in the browser. React's backpressure and cancellation reach
 * `destination` unchanged. The object returned has the members React's `pipe` uses (`write`,
 * `flush`, `end`, `on`, `destroy`); give it to `pipe` only.
 *
 * @example
 * const { pipe } = renderToPipeableStream(app, {
 *   bootstrapModules: ['/client.js'],
 *   onShellReady() {
 *     res.setHeader('content-type', 'text/html');
 *     pipe(restScriptsDestination(res, store));
 *   },
 * });
 */
export function restScriptsDestination<Destination extends PipeDestination>(destination: Destination, store: ServerStore, options?: RestScriptsOptions): Destination {
  let ready = true;
  const inserter = scriptInserter(createRestScripts(store, options), (chunk) => {
    ready = destination.write(chunk);
  });
  const piped: PipeDestination = {
    write(chunk) {
      inserter.write(chunk);
      return ready;
    },
    // React calls it after each run of writes (compression middleware's convention).
    flush() {
      inserter.flush();
      destination.flush?.();
    },
    end() {
      inserter.flush();
      return destination.end();
    },
    on(event, listener) {
      destination.on(event, listener);
      return piped;
    },
    destroy(error) {
      return destination.destroy?.(error);
    },
  };
  // Typed as the destination for `pipe`'s signature; it has the members React's `pipe` uses.
  return piped as Destination;
}
