/**
 * Shared setup of the React hook tests: the Redux tests' store, stub network and fake
 * time, plus rendering under react-redux's `<Provider>` with render counters.
 */
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { Component, StrictMode, Suspense } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useSuspense } from 'rtk-rest/react';
import type { RestEndpoint } from 'rtk-rest';
import { flush, net, p5, post5, PostResource } from '../redux/support';
import type { Rest, Store } from '../redux/support';

export * from '../redux/support';

/** Renders `ui` under `<Provider store>` (and `<StrictMode>` when asked), inside `act`. */
export function renderWith(store: Store, ui: ReactNode, { strict = false } = {}): RenderResult {
  const tree = <Provider store={store}>{strict ? <StrictMode>{ui}</StrictMode> : ui}</Provider>;
  let result!: RenderResult;
  act(() => {
    result = render(tree);
  });
  return result;
}

/** Renders `ui` as `renderWith` does, answers the request its render sends with `body` (default post 5) and settles. */
export async function renderAnswered(store: Store, ui: ReactNode, body: unknown = post5, options?: { strict?: boolean }): Promise<RenderResult> {
  const before = net.count;
  const view = renderWith(store, ui, options);
  (await net.nth(before + 1)).reply(body);
  await settle();
  return view;
}

/** Lets microtasks, the stub network and React's updates run, inside `act`. */
export async function settle(turns = 5): Promise<void> {
  await act(async () => {
    await flush(turns);
  });
}

/** Counts renders of whatever calls `counter.hit()` during render. */
export function renderCounter() {
  const counter = {
    count: 0,
    hit() {
      counter.count += 1;
    },
  };
  return counter;
}

/** Records what a probe component's hook returned on each render. */
export function recorder<T>() {
  const values: T[] = [];
  return {
    values,
    record(value: T) {
      values.push(value);
      return value;
    },
    get last(): T {
      return values[values.length - 1]!;
    },
  };
}

/** A plain error boundary that shows `error: <message>` and remembers the error. */
export class Boundary extends Component<{ children?: ReactNode; onError?: (error: unknown) => void }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }
  override render() {
    if (this.state.error !== undefined) return <p>error: {(this.state.error as Error).message}</p>;
    return this.props.children;
  }
}

/** `<Suspense fallback="loading">` inside a `<Boundary>`. */
export function Async({ children, onError }: { children?: ReactNode; onError?: (error: unknown) => void }) {
  return (
    <Boundary onError={onError}>
      <Suspense fallback={<p>loading</p>}>{children}</Suspense>
    </Boundary>
  );
}

/** Re-renders a tree from `renderWith` with new `ui`, under the same `<Provider store>` (and `<StrictMode>` when asked), inside `act`. */
export function rerenderWith(result: RenderResult, store: Store, ui: ReactNode, { strict = false } = {}): void {
  act(() => {
    result.rerender(<Provider store={store}>{strict ? <StrictMode>{ui}</StrictMode> : ui}</Provider>);
  });
}

// ---------------------------------------------------------------------------------------------
// The endpoints, components and steps most hook tests share

export type Params = { group: string; id: number };
export const getPost = PostResource.get;
export const softGet = PostResource.get.extend({ errorPolicy: () => 'soft' as const });
export const strictGet = PostResource.get.extend({ invalidIfStale: true });
export const polled = PostResource.get.extend({ pollFrequency: 1000 });
export const serverError = { status: 500, statusText: 'Server Error' };

export interface SuspenseTitleProps {
  args: Params | null;
  endpoint?: RestEndpoint<any>;
  thrown?: unknown[];
}

/** `useSuspense(endpoint, args)` showing the title (`none` for undefined); records what it throws. */
export function SuspenseTitle({ args, endpoint = getPost, thrown }: SuspenseTitleProps) {
  try {
    const post = useSuspense(endpoint as typeof getPost, args);
    return <h1>{post === undefined ? 'none' : post.title}</h1>;
  } catch (error) {
    thrown?.push(error);
    throw error;
  }
}

/** `<Async onError><SuspenseTitle …props /></Async>`: the tree most useSuspense tests render. */
export function asyncTitle(props: SuspenseTitleProps, onError?: (error: unknown) => void) {
  return (
    <Async onError={onError}>
      <SuspenseTitle {...props} />
    </Async>
  );
}

/**
 * Starts a fetch outside React (default: `getPost` for `p5`), answers it with `body` and waits,
 * inside act, until it is committed (rejections swallowed).
 */
export async function stored(
  store: Store,
  rest: Rest,
  body: unknown,
  { init, endpoint = getPost, args = p5 }: { init?: { status?: number; statusText?: string }; endpoint?: RestEndpoint<any>; args?: Params } = {},
): Promise<void> {
  const before = net.count;
  const promise = store.dispatch(rest.fetch(endpoint, args)) as Promise<unknown>;
  const request = await net.nth(before + 1);
  request.reply(body, init);
  await act(async () => {
    await promise.catch(() => undefined);
  });
}

/** Advances fake time by `ms` inside act, then lets what it triggered (requests, commits, sweeps) settle. */
export async function tick(ms: number): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
    await flush();
  });
}
