'use client';
import type { ReactNode } from 'react';
import type { RestState } from 'rtk-rest';
import { HydrateRest } from 'rtk-rest/react';

/**
 * A page's Server Component renders this with the slice it fetched on its own server store:
 * `HydrateRest` runs in client React only, so a Server Component cannot render it directly
 * (imported there, `rtk-rest/react` throws an error saying so). The slice is plain JSON, a prop
 * React can send from the server to the client.
 */
export function Hydrate({ slice, children }: { slice: RestState; children: ReactNode }) {
  return <HydrateRest slice={slice}>{children}</HydrateRest>;
}
