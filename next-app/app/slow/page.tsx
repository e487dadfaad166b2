import { AsyncBoundary } from 'rtk-rest/react';
import { SlowPosts } from '../../components/SlowPosts';

export const dynamic = 'force-dynamic';

/**
 * A page that does not prefetch: the read starts while the page renders on the server, the
 * Suspense fallback is sent at once, and the content follows in the same response when the
 * slow endpoint answers. AsyncBoundary (Suspense plus an error boundary) is rendered by this
 * Server Component itself, with an element as its fallback.
 */
export default function SlowPage() {
  return (
    <>
      <h2>Grace’s posts, from a slow endpoint</h2>
      <AsyncBoundary fallback={<p data-testid="slow-fallback">Loading Grace’s posts…</p>}>
        <SlowPosts author="grace" />
      </AsyncBoundary>
    </>
  );
}
