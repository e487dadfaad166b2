import type { Application } from 'json-server';
import type { Context } from './context';
import { route } from './http';

/** The site counters for polling demos. */
export interface SiteStats {
  id: 'site';
  visitors: number;
  online: number;
  updated_at: string;
}

/**
 * Counters derived from the clock alone: `visitors` grows by one every second since `startedAt`,
 * `online` wanders between 8 and 20, so each poll a second apart sees new numbers.
 */
export function siteStats(now: number, startedAt: number): SiteStats {
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  return {
    id: 'site',
    visitors: 1200 + seconds,
    online: 8 + ((seconds * 7) % 13),
    updated_at: new Date(now).toISOString(),
  };
}

/** GET /api/stats. */
export function statsRoutes(app: Application, ctx: Context): void {
  const startedAt = ctx.now();
  app.get(
    '/api/stats',
    route((_req, res) => {
      res.json(siteStats(ctx.now(), startedAt));
    }),
  );
}
