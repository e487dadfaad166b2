/**
 * The demo's failure switch. "Make the next change fail" arms it; the next optimistic change
 * (a like, a new post, an edit or a delete) is then sent with `X-Fail: 500`, so the server
 * answers 500 without changing anything and the app rolls the change back. Reads (the list, the
 * polled stats) and login never take it: it always hits what the user does next, and disarms.
 * It lives beside the access token, outside the store, because the endpoint reads it while sending.
 */
let armed = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (armed === value) return;
  armed = value;
  for (const listener of listeners) listener();
}

export const failureArmed = (): boolean => armed;
export const armFailure = (): void => set(true);
export const disarmFailure = (): void => set(false);

/** True once per arming: the caller fails the request it is sending. */
export function takeFailure(): boolean {
  if (!armed) return false;
  set(false);
  return true;
}

/** For `useSyncExternalStore`: calls `listener` whenever the switch is armed or disarmed. */
export function subscribeFailure(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
