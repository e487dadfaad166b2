// #region recipe
import { Entity, NetworkError, RestEndpoint, createResource } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';

let accessToken: string | undefined;
let refreshToken: string | undefined;
export function setTokens(tokens: { accessToken?: string; refreshToken?: string }) {
  ({ accessToken, refreshToken } = tokens);
}

// A plain RestEndpoint: the refresh request itself must not retry through RefreshingEndpoint.
const refresh = new RestEndpoint({
  urlPrefix: 'https://api.example.com',
  path: '/token/refresh',
  method: 'POST',
  body: {} as { refreshToken: string },
  process: (answer: { accessToken: string }) => answer,
});

// Requests that fail together share one refresh.
let refreshing: Promise<string | undefined> | undefined;
function refreshOnce(token: string): Promise<string | undefined> {
  refreshing ??= refresh({ refreshToken: token })
    .then((answer) => (accessToken = answer.accessToken))
    .catch(() => undefined)
    .finally(() => (refreshing = undefined));
  return refreshing;
}

export class RefreshingEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  override getHeaders(headers: Record<string, string>) {
    return accessToken ? { ...headers, 'Access-Token': accessToken } : headers;
  }

  override async fetchResponse(input: RequestInfo, init: RequestInit): Promise<Response> {
    try {
      return await super.fetchResponse(input, init);
    } catch (error) {
      if (!(error instanceof NetworkError) || error.status !== 401 || !refreshToken) throw error;
      const fresh = await refreshOnce(refreshToken);
      // No new token: the 401 stands, and onUnauthorized (see the 401 recipe) logs the user out.
      if (!fresh) throw error;
      const headers = { ...(init.headers as Record<string, string>), 'Access-Token': fresh };
      return super.fetchResponse(input, { ...init, headers });
    }
  }
}

export class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}

export const PostResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/:group/posts/:id',
  schema: Post,
  Endpoint: RefreshingEndpoint,
});
// #endregion recipe
