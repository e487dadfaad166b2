import { Suspense } from 'react';
import { SlowPosts } from '../../components/SlowPosts';

export const dynamic = 'force-dynamic';

/**
 * A page that does not prefetch: the read starts while the page renders on the server, the
 * Suspense fallback is sent at once, and the content follows in the same response when the
 * slow endpoint answers.
 */
export default function SlowPage() {
  return (
    <>
      <h2>Grace’s posts, from a slow endpoint</h2>
      <Suspense fallback={<p data-testid="slow-fallback">Loading Grace’s posts…</p>}>
        <SlowPosts author="grace" />
      </Suspense>
    </>
  );
}
