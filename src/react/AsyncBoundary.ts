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
}

function DefaultError({ error }: ErrorComponentProps) {
  return createElement('div', { role: 'alert' }, error.message);
}

class ErrorBoundary extends Component<{ children?: ReactNode; errorComponent: ComponentType<ErrorComponentProps> }, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(thrown: unknown): { error: Error } {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) };
  }

  private readonly reset = () => this.setState({ error: undefined });

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
export function AsyncBoundary({ children, fallback = null, errorComponent = DefaultError }: AsyncBoundaryProps) {
  return createElement(Suspense, { fallback }, createElement(ErrorBoundary, { errorComponent }, children));
}
