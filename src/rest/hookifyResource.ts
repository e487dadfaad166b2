import { RestEndpoint } from './RestEndpoint';
import { headersToObject } from './request';

/** Request init from React, merged over each member's `requestInit` (headers entry by entry). @inline */
type Init = RequestInit & { headers?: HeadersInit };
const lastInit = new WeakMap<RestEndpoint, { init: Init; endpoint: RestEndpoint }>();

function shallowEqualInit(a: Init, b: Init): boolean {
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  for (const key of ak) {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (key === 'headers') {
      const hx = headersToObject(x as HeadersInit);
      const hy = headersToObject(y as HeadersInit);
      const names = Object.keys(hx);
      if (names.length !== Object.keys(hy).length || names.some((name) => hx[name] !== hy[name])) return false;
    } else if (!Object.is(x, y)) return false;
  }
  return true;
}

/** Entries of `over` replace those of `base` whatever their letter case (header names are case-insensitive). */
function mergeHeaders(base: Record<string, string>, over: Record<string, string>): Record<string, string> {
  const replaced = new Set(Object.keys(over).map((name) => name.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) if (!replaced.has(name.toLowerCase())) out[name] = value;
  return Object.assign(out, over);
}

/** `member` extended with `init` merged over its requestInit, headers entry by entry (see docs/concepts.md#resources). */
function withInit(member: RestEndpoint, init: Init): RestEndpoint {
  const last = lastInit.get(member);
  if (last !== undefined && shallowEqualInit(last.init, init)) return last.endpoint;
  const base = member.requestInit ?? {};
  const requestInit: Init = { ...base, ...init, headers: mergeHeaders(headersToObject(base.headers), headersToObject(init.headers)) };
  const endpoint = member.extend({ requestInit });
  lastInit.set(member, { init, endpoint });
  return endpoint;
}

/** `get` → `useGet`. */
type HookName<K extends string> = `use${Capitalize<K>}`;
/** One hook per endpoint member: `get` → `useGet`, returning the member with React-provided request init. */
export type HookifiedResource<R> = {
  [K in keyof R as R[K] extends RestEndpoint ? (K extends string ? HookName<K> : never) : never]: () => R[K];
};

/**
 * Hooks that extend each member with request init from React (see docs/concepts.md#resources), e.g. a token
 * from context. Call them only while rendering; they return the same endpoint while `useInit()`
 * returns shallow-equal init.
 *
 * @example
 * const { useGet } = hookifyResource(PostResource, () => ({ headers: { 'Access-Token': useContext(TokenContext) } }));
 * const post = useSuspense(useGet(), { group: 'react', id: 5 });
 */
export function hookifyResource<R extends object>(resource: R, useInit: () => Init): HookifiedResource<R> {
  const hooks: Record<string, () => RestEndpoint> = {};
  for (const [name, member] of Object.entries(resource)) {
    if (!(member instanceof RestEndpoint)) continue;
    hooks[`use${name[0]!.toUpperCase()}${name.slice(1)}`] = () => withInit(member, useInit());
  }
  return hooks as HookifiedResource<R>;
}
