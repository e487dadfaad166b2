/**
 * `rtk-rest/next`: the Next.js App Router integration (see
 * docs/server-rendering.md#nextjs-app-router). Client code: the built entry starts with
 * `'use client'`.
 */
export { RestScripts } from './RestScripts';
export type { RestScriptsProps } from './RestScripts';
