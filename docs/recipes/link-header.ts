// #region recipe
import { Entity, RestEndpoint, schema } from 'rtk-rest';
import type { RestGenerics } from 'rtk-rest';

export class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}

export class LinkEndpoint<const O extends RestGenerics = any> extends RestEndpoint<O> {
  override async parseResponse(response: Response) {
    const body = await super.parseResponse(response);
    // Wrap list reads only: getPosts.push is a POST that answers the one created item.
    return this.method === 'GET' ? { results: body, link: response.headers.get('link') ?? '' } : body;
  }
}

export const getPosts = new LinkEndpoint({
  urlPrefix: 'https://api.example.com',
  path: '/:group/posts',
  // The Collection is found inside the object, so getPosts.getPage and getPosts.push exist.
  schema: { results: new schema.Collection([Post]), link: '' },
  paginationField: 'page',
});

/** The page number of rel="next" in a Link header; undefined on the last page. */
export function nextPage(link: string): number | undefined {
  const next = /<([^>]*)>\s*;\s*rel="?next"?/.exec(link)?.[1];
  const page = next === undefined ? null : new URL(next, 'https://api.example.com').searchParams.get('page');
  return page === null ? undefined : Number(page);
}
// #endregion recipe
