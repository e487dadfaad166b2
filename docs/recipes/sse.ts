// #region recipe
import { Entity, RestEndpoint } from 'rtk-rest';
import type { StreamContext } from 'rtk-rest';

export class Match extends Entity {
  id = 0;
  home = 0;
  away = 0;
  pk() {
    return this.id;
  }
  static override key = 'Match';
}

// GET /matches/:id answers the match; /matches/:id/events pushes it again, as JSON, on every goal.
// The stream runs while someone subscribes (useLive, useSubscription, rest.subscribe).
export const getMatch = new RestEndpoint({
  urlPrefix: 'https://api.example.com',
  path: '/matches/:id',
  schema: Match,
  stream({ args: [{ id }], signal, setResponse }: StreamContext<[{ id: number }]>) {
    const source = new EventSource(`https://api.example.com/matches/${id}/events`);
    // Each message is the whole match: written as the key's response, so every view of it updates.
    source.addEventListener('message', (event) => setResponse(JSON.parse(event.data)));
    // The last subscriber left (or the store was reset): close the connection.
    signal.addEventListener('abort', () => source.close());
  },
});
// #endregion recipe
