import { useEffect, useState } from 'react';

/**
 * `value`, updated once it has stayed the same for `ms` milliseconds: for search boxes, so a read
 * keyed by the text sends one request per pause in typing rather than one per keystroke. The first
 * render returns `value` itself; a pending update is dropped when `value` changes again or the
 * component unmounts (no timer is left behind).
 *
 * @typeParam T - the value's type; compared with `Object.is`.
 * @param value - the value that changes often, e.g. an input's text.
 * @param ms - how long `value` must stay the same before it is returned; a finite number ≥ 0.
 * @example
 * ```tsx
 * const [text, setText] = useState('');
 * const query = useDebounce(text, 300);
 * const { data: posts } = useDLE(PostResource.getList, query === '' ? null : { group, search: query });
 * ```
 */
export function useDebounce<T>(value: T, ms: number): T {
  if (process.env.NODE_ENV !== 'production' && !(typeof ms === 'number' && ms >= 0 && ms < Infinity)) {
    throw new RangeError(`[rtk-rest] useDebounce(value, ms): ms must be a finite number of milliseconds ≥ 0, got ${String(ms)}. Pass e.g. useDebounce(text, 300).`);
  }
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(settled, value)) return undefined;
    const timer = setTimeout(() => setSettled(() => value), ms);
    return () => clearTimeout(timer);
  }, [value, ms, settled]);
  return settled;
}
