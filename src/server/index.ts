/**
 * `rtk-rest/server`: streaming a server store's writes inside React's HTML stream (see
 * docs/server-rendering.md#streaming). No React and no Node built-in: it runs wherever
 * `renderToPipeableStream` or `renderToReadableStream` does. The browser half,
 * `receiveRestScripts`, is in `rtk-rest`.
 */
export { createRestScripts } from './createRestScripts';
export type { RestScriptsOptions, ServerStore } from './createRestScripts';
export { restScriptsTransform, restScriptsDestination } from './streams';
export type { PipeDestination } from './streams';
