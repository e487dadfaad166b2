/**
 * Shared setup of the React hook tests (SPEC §7): the Redux tests' store, stub network and fake
 * time, plus rendering under react-redux's `<Provider>` with render counters.
 */
import { act, render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import { Component, StrictMode, Suspense } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { flush } from '../redux/support';
import type { Store } from '../redux/support';

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
