/**
 * Two of RTK Query's "infinite queries" examples (a cursor list whose pages name the next cursor,
 * `nextId`, and a limit/offset list that ends when `numFound` items are loaded) ported by
 * following only docs/migrating-from-rtk-query.md: `build.infiniteQuery` → a list endpoint with a
 * `paginationField` read with `usePaginated`, `initialPageParam` → the list's own request,
 * `getNextPageParam` → the same option. A "Load more" button stands for the examples'
 * intersection observer, which only calls `fetchNextPage()`.
 */
import { fireEvent, screen } from '@testing-library/react';
import { Entity, RestEndpoint, schema } from 'rtk-rest';
import { usePaginated } from 'rtk-rest/react';
import { json, stubFetch } from '../support';
import { listItems, renderApp, requestLog, settle, usePortEnvironment } from './support';

// ---- the port ----------------------------------------------------------------------------------

class Project extends Entity {
  id = 0;
  name = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Project';
}

const getProjectsCursor = new RestEndpoint({
  urlPrefix: 'https://example.com/api',
  path: '/projectsCursor',
  schema: { projects: new schema.Collection([Project]), nextId: 0 as number | null },
  paginationField: 'cursor',
  getNextPageParam: (lastPage: { nextId: number | null }) => lastPage.nextId,
});

const getProjectsLimitOffset = new RestEndpoint({
  urlPrefix: 'https://example.com/api',
  path: '/projectsLimitOffset',
  searchParams: {} as { limit: number },
  schema: { projects: new schema.Collection([Project]), numFound: 0 },
  paginationField: 'offset',
  getNextPageParam: (lastPage: { numFound: number }, lastOffset: number | undefined, { limit }: { limit: number }) => {
    const next = (lastOffset ?? 0) + limit;
    return next < lastPage.numFound ? next : undefined;
  },
});

function Projects({ endpoint, args }: { endpoint: typeof getProjectsCursor | typeof getProjectsLimitOffset; args: object }) {
  const { data, isLoading, error, hasNextPage, fetchNextPage, isFetchingNextPage } = usePaginated(endpoint as typeof getProjectsLimitOffset, args as { limit: number });
  if (isLoading) return <p>Loading...</p>;
  if (error && !data) return <p role="alert">Error: {error.message}</p>;
  return (
    <div>
      <ul>{data?.projects.map((project) => <li key={project.id}>{project.name}</li>)}</ul>
      {isFetchingNextPage ? <p>Loading more...</p> : hasNextPage ? <button onClick={() => void fetchNextPage()}>Load more</button> : <p>Nothing more to load</p>}
    </div>
  );
}

// ---- the behaviour tests -----------------------------------------------------------------------

usePortEnvironment();

const all = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Project ${i + 1}` }));

function server(pageSize = 5) {
  const net = stubFetch((url) => {
    const search = new URL(url).searchParams;
    if (url.includes('/projectsCursor')) {
      const start = Number(search.get('cursor') ?? 0);
      const next = start + pageSize;
      return json({ projects: all.slice(start, next), nextId: next < all.length ? next : null, previousId: start > 0 ? start - pageSize : null });
    }
    const offset = Number(search.get('offset') ?? 0);
    const limit = Number(search.get('limit'));
    return json({ projects: all.slice(offset, offset + limit), numFound: all.length, serverTime: 'now' });
  });
  return { requests: requestLog(net, ({ url }) => url.slice('https://example.com/api'.length)) };
}

const names = () => listItems();

async function loadAll() {
  while (screen.queryByText('Load more')) {
    fireEvent.click(screen.getByText('Load more'));
    expect(screen.getByText('Loading more...')).toBeTruthy();
    await settle();
  }
}

describe('RTK Query infinite queries examples, ported: pages appended to one list', () => {
  it('cursor pages: each next page asks for the cursor the last one named, until nextId is null', async () => {
    const { requests } = server();
    renderApp(<Projects endpoint={getProjectsCursor} args={{}} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    await settle();
    expect(names()).toEqual(all.slice(0, 5).map(({ name }) => name));
    await loadAll();
    expect(names()).toEqual(all.map(({ name }) => name));
    expect(screen.getByText('Nothing more to load')).toBeTruthy();
    expect(requests()).toEqual(['/projectsCursor', '/projectsCursor?cursor=5', '/projectsCursor?cursor=10']);
  });

  it('limit/offset pages: offsets step by the limit and stop once numFound items are loaded, with no empty page asked for', async () => {
    const { requests } = server();
    renderApp(<Projects endpoint={getProjectsLimitOffset} args={{ limit: 5 }} />);
    await settle();
    expect(names()).toHaveLength(5);
    await loadAll();
    expect(names()).toEqual(all.map(({ name }) => name));
    expect(screen.getByText('Nothing more to load')).toBeTruthy();
    expect(requests()).toEqual(['/projectsLimitOffset?limit=5', '/projectsLimitOffset?limit=5&offset=5', '/projectsLimitOffset?limit=5&offset=10']);
  });
});
