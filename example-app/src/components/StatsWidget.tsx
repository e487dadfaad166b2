import { useLive } from 'rtk-rest/react';
import { getStats } from '../api/resources';

/** Live site stats: `useLive` suspends for the first answer, then polls every `pollFrequency` while mounted. */
export function StatsWidget() {
  const stats = useLive(getStats);
  return (
    <aside className="stats" aria-label="Site stats">
      <strong>Live</strong> <span data-testid="visitors">{stats.visitors}</span> visitors · <span data-testid="online">{stats.online}</span> online ·
      updated {stats.updatedAt.toLocaleTimeString()}
    </aside>
  );
}
