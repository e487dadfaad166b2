import { Component, createElement, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';

/** Props of the component `AsyncBoundary` renders for an error (see docs/concepts.md#hooks). */
export interface ErrorComponentProps {
  error: Error;
  /** Renders the children again: expired errors refetch, fresh ones are thrown again. */
  resetErrorBoundary: () => void;
}

/** Props of `AsyncBoundary` (see docs/concepts.md#hooks). */
export interface AsyncBoundaryProps {
  /** The content that may suspend or throw. */
  children?: ReactNode;
  /** Shown while a child suspends. @default null */
  fallback?: ReactNode;
  /** Rendered for an error thrown by a child. @default `<div role="alert">{error.message}</div>` */
  errorComponent?: ComponentType<ErrorComponentProps>;
  /**
   * Values the children depend on (an id, the route): when one of them changes (by `Object.is`)
   * while an error is shown, the error is cleared and the children render again, so switching
   * from a failed `<Detail id={999}>` to `id={1}` shows post 1. A change that itself makes a child
   * throw shows that error. Without it, a shown error stays until `resetErrorBoundary`.
   * @default []
   * @example
   * ```tsx
   * <AsyncBoundary fallback={<Spinner />} resetKeys={[id]}>
   *   <PostView group="react" id={id} />
   * </AsyncBoundary>
   * ```
   */
  resetKeys?: readonly unknown[];
}

const NO_KEYS: readonly unknown[] = [];

function DefaultError({ error }: ErrorComponentProps) {
  return createElement('div', { role: 'alert' }, error.message);
}

/** Whether two `resetKeys` lists differ in length or in any element (by `Object.is`). */
function keysChanged(before: readonly unknown[], after: readonly unknown[]): boolean {
  return before.length !== after.length || before.some((key, i) => !Object.is(key, after[i]));
}

interface ErrorBoundaryProps {
  children?: ReactNode;
  errorComponent: ComponentType<ErrorComponentProps>;
  resetKeys: readonly unknown[];
}

class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(thrown: unknown): { error: Error } {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) };
  }

  private readonly reset = () => this.setState({ error: undefined });

  // Only an error that was already shown before the keys changed is cleared: when the render with
  // the new keys is the one that threw, the previous state had no error, and the error stays.
  override componentDidUpdate(before: ErrorBoundaryProps, previous: { error: Error | undefined }) {
    if (previous.error !== undefined && this.state.error !== undefined && keysChanged(before.resetKeys, this.props.resetKeys)) this.reset();
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return createElement(this.props.errorComponent, { error, resetErrorBoundary: this.reset });
  }
}

/**
 * A Suspense boundary and an error boundary in one (see docs/concepts.md#hooks).
 *
 * @example
 * ```tsx
 * <AsyncBoundary fallback={<Spinner />} errorComponent={({ error, resetErrorBoundary }) => <Retry error={error} onRetry={resetErrorBoundary} />}>
 *   <PostView group="react" id={5} />
 * </AsyncBoundary>
 * ```
 */
export function AsyncBoundary({ children, fallback = null, errorComponent = DefaultError, resetKeys = NO_KEYS }: AsyncBoundaryProps) {
  return createElement(Suspense, { fallback }, createElement(ErrorBoundary, { errorComponent, resetKeys }, children));
}
