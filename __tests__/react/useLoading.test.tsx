import { act, render } from '@testing-library/react';
import React from 'react';
import { StrictMode } from 'react';
import { useLoading } from 'rtk-rest/react';
import { outcome, settle, useTestEnvironment, watchConsole } from './support';

// useLoading(asyncFn) → [wrappedFn, loading, error]. It needs no store.
useTestEnvironment();

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Fn = (n: number, label: string) => Promise<string>;
type Result = ReturnType<typeof useLoading<Fn>>;

/** Renders a probe of useLoading(fn) and returns what its last render saw. */
function mount(fn: Fn, { strict = false } = {}) {
  const renders: Result[] = [];
  function Probe({ asyncFn }: { asyncFn: Fn }) {
    renders.push(useLoading(asyncFn));
    return null;
  }
  const wrap = (asyncFn: Fn) => (strict ? <StrictMode><Probe asyncFn={asyncFn} /></StrictMode> : <Probe asyncFn={asyncFn} />);
  let view!: ReturnType<typeof render>;
  act(() => {
    view = render(wrap(fn));
  });
  return {
    renders,
    get last(): Result {
      return renders[renders.length - 1]!;
    },
    rerender(next: Fn) {
      act(() => view.rerender(wrap(next)));
    },
    unmount() {
      act(() => view.unmount());
    },
  };
}

/** Calls wrappedFn inside act and returns its promise. */
function call(probe: ReturnType<typeof mount>, n: number, label = 'x'): Promise<string | undefined> {
  let promise!: Promise<string | undefined>;
  act(() => {
    promise = probe.last[0](n, label);
  });
  return promise;
}

describe('useLoading', () => {
  test('wrappedFn keeps its identity for the lifetime and calls the latest asyncFn with its arguments', async () => {
    const first = jest.fn<Promise<string>, [number, string]>(async (n, label) => `first ${n} ${label}`);
    const second = jest.fn<Promise<string>, [number, string]>(async (n, label) => `second ${n} ${label}`);
    const probe = mount(first, { strict: true });
    const wrapped = probe.last[0];
    probe.rerender(second);
    expect(probe.renders.length).toBeGreaterThanOrEqual(2);
    expect(probe.renders.every(([fn]) => fn === wrapped)).toBe(true);
    const value = call(probe, 7, 'seven');
    await settle();
    expect(await value).toBe('second 7 seven');
    expect(second).toHaveBeenCalledWith(7, 'seven');
    expect(first).not.toHaveBeenCalled();
    // Identity survives the state updates of the call as well.
    expect(probe.renders.every(([fn]) => fn === wrapped)).toBe(true);
  });

  test('loading is true while the most recent call is pending; starts false', async () => {
    const pending = deferred<string>();
    const probe = mount(() => pending.promise);
    expect(probe.last[1]).toBe(false);
    expect(probe.last[2]).toBeUndefined();
    const value = call(probe, 1);
    expect(probe.last[1]).toBe(true);
    await settle();
    expect(probe.last[1]).toBe(true);
    pending.resolve('done');
    await settle();
    expect(probe.last[1]).toBe(false);
    expect(probe.last[2]).toBeUndefined();
    expect(await value).toBe('done');
  });

  test('wrappedFn resolves to the value, or to undefined when asyncFn rejects (no rethrow); error is the rejection', async () => {
    const failure = new Error('nope');
    let fail = false;
    const probe = mount(async (n) => {
      if (fail) throw failure;
      return `ok ${n}`;
    });
    const ok = call(probe, 1);
    await settle();
    expect(await outcome(ok)).toEqual({ ok: true, value: 'ok 1' });
    fail = true;
    const rejected = call(probe, 2);
    await settle();
    expect(await outcome(rejected)).toEqual({ ok: true, value: undefined });
    expect(probe.last[1]).toBe(false);
    expect(probe.last[2]).toBe(failure);
  });

  test('error is cleared when a new call starts, and replaced by the outcome of that call', async () => {
    const calls: Deferred<string>[] = [];
    const probe = mount(() => {
      const next = deferred<string>();
      calls.push(next);
      return next.promise;
    });
    const failure = new Error('first failed');
    call(probe, 1);
    calls[0]!.reject(failure);
    await settle();
    expect(probe.last[2]).toBe(failure);
    call(probe, 2);
    expect(probe.last[1]).toBe(true);
    expect(probe.last[2]).toBeUndefined();
    const second = new Error('second failed');
    calls[1]!.reject(second);
    await settle();
    expect(probe.last).toEqual([expect.any(Function), false, second]);
    call(probe, 3);
    calls[2]!.resolve('fine');
    await settle();
    expect(probe.last[1]).toBe(false);
    expect(probe.last[2]).toBeUndefined();
  });

  test('outcomes of calls superseded by a newer call change neither loading nor error (current behaviour, not a documented promise)', async () => {
    const calls: Deferred<string>[] = [];
    const probe = mount(() => {
      const next = deferred<string>();
      calls.push(next);
      return next.promise;
    });
    const older = call(probe, 1);
    const newer = call(probe, 2);
    // The older call fails while the newer is pending: still loading, no error.
    calls[0]!.reject(new Error('older failed'));
    await settle();
    expect(probe.last[1]).toBe(true);
    expect(probe.last[2]).toBeUndefined();
    expect(await older).toBeUndefined();
    calls[1]!.resolve('newer');
    await settle();
    expect(probe.last[1]).toBe(false);
    expect(probe.last[2]).toBeUndefined();
    expect(await newer).toBe('newer');

    // The newer call settles first; the older one settling later does not bring back loading or an error.
    const a = call(probe, 3);
    const b = call(probe, 4);
    const failure = new Error('newer failed');
    calls[3]!.reject(failure);
    await settle();
    expect(probe.last[1]).toBe(false);
    expect(probe.last[2]).toBe(failure);
    calls[2]!.resolve('older value');
    await settle();
    expect(probe.last[1]).toBe(false);
    expect(probe.last[2]).toBe(failure);
    // Each call still resolves to its own outcome.
    expect(await a).toBe('older value');
    expect(await b).toBeUndefined();
  });

  test('no state update happens after unmount (no setState call, no React warning)', async () => {
    const console = watchConsole();
    // Every state setter React hands out records whether it was called after the unmount.
    let unmounted = false;
    const lateUpdates: unknown[] = [];
    let updates = 0;
    const realUseState = React.useState;
    jest.spyOn(React, 'useState').mockImplementation(((initial: unknown) => {
      const [state, setState] = realUseState(initial);
      return [
        state,
        (next: unknown) => {
          updates += 1;
          if (unmounted) lateUpdates.push(next);
          setState(next);
        },
      ];
    }) as typeof React.useState);
    const resolving = deferred<string>();
    const rejecting = deferred<string>();
    const pending = [resolving, rejecting];
    const probe = mount(() => pending.shift()!.promise);
    const first = call(probe, 1);
    expect(probe.last[1]).toBe(true);
    // The instrumentation sees useLoading's own updates (the call set loading).
    expect(updates).toBeGreaterThan(0);
    probe.unmount();
    unmounted = true;
    resolving.resolve('late');
    await settle();
    expect(await first).toBe('late');
    // A call made through the kept wrappedFn after unmount updates nothing either.
    const second = probe.last[0](2, 'after');
    rejecting.reject(new Error('late failure'));
    expect(await second).toBeUndefined();
    await settle();
    expect(lateUpdates).toEqual([]);
    expect(console.errors).toEqual([]);
  });
});
