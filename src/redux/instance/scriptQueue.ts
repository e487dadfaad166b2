/**
 * Where the scripts a streaming server render inserts leave the slice's writes for the browser
 * (see docs/server-rendering.md#streaming): a global array per `reducerPath`, filled by the
 * scripts as the HTML arrives and drained by `receiveRestScripts` once the client store exists;
 * from then on the receiver stands in for the array, so later scripts apply their writes at once.
 */
export const scriptQueueName = (reducerPath: string): string => `__rtkRest:${reducerPath}`;

/** What a queue holds before the client store receives it, and what stands in for it after. */
export interface ScriptQueue {
  push(...slices: unknown[]): unknown;
}
