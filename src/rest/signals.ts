/** A signal that aborts when either does, with that one's reason. */
export function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const both = new AbortController();
  const abortWith = (source: AbortSignal) => () => both.abort(source.reason);
  if (a.aborted) both.abort(a.reason);
  else if (b.aborted) both.abort(b.reason);
  else {
    a.addEventListener('abort', abortWith(a), { once: true });
    b.addEventListener('abort', abortWith(b), { once: true });
  }
  return both.signal;
}
