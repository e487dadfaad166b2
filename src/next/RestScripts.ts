// With its extension: next has no exports map, so Node's ESM loader finds the file only so.
import { useServerInsertedHTML } from 'next/navigation.js';
import { createElement, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'react-redux';
import { receiveRestScripts } from '../redux/instance/receiveRestScripts';
import type { Rest } from '../redux/createRest';
import { restScriptCode } from '../server/createRestScripts';
import type { ServerStore } from '../server/createRestScripts';

/**
 * Props of `RestScripts` (see docs/server-rendering.md#nextjs-app-router).
 *
 * @preventInline ActionCreatorWithPreparedPayload
 * @preventInline ActionCreatorWithPayload
 * @preventInline ActionCreatorWithoutPayload
 */
export interface RestScriptsProps {
  /** The instance whose slice to stream, for a store with several. @default the one instance installed in the store */
  rest?: Rest;
  /** The `nonce` of the inserted scripts, for a Content-Security-Policy that requires one. */
  nonce?: string;
  children?: ReactNode;
}

/**
 * Streams the store of the surrounding `<Provider>` from a Next.js App Router server render to
 * the browser (see docs/server-rendering.md#nextjs-app-router). On the server, before each piece
 * of HTML that Next.js streams, it inserts (with `useServerInsertedHTML`) a script with what the
 * request's store gained since the previous piece: the data of a `useSuspense` read reaches the
 * browser before the boundary that read it, so the browser sends no second request, shows no
 * fallback again and hydrates without a mismatch. In the browser it hands those writes to the
 * store before its children render (`receiveRestScripts`). Render it inside the `<Provider>` of
 * the store created per request, around everything that reads it.
 *
 * @example
 * ```tsx
 * 'use client';
 * export function StoreProvider({ children }: { children: React.ReactNode }) {
 *   const [store] = useState(makeStore); // one store per request on the server, one per tab in the browser
 *   return (
 *     <Provider store={store}>
 *       <RestScripts>{children}</RestScripts>
 *     </Provider>
 *   );
 * }
 * ```
 */
export function RestScripts({ rest, nonce, children }: RestScriptsProps): ReactNode {
  const store = useStore() as unknown as ServerStore;
  // Created once per mounted provider: per request on the server, per tab in the browser.
  const [code] = useState(() => {
    if (typeof document === 'undefined') return restScriptCode(store, { rest });
    receiveRestScripts(store, { rest });
    return undefined;
  });
  useServerInsertedHTML(() => {
    const script = code?.();
    return script ? createElement('script', { nonce, dangerouslySetInnerHTML: { __html: script } }) : null;
  });
  return children;
}
