import { expectTypeOf } from 'expect-type';
import { mockFetch } from 'rtk-rest/mock';
import type { Fixture, FixtureInterceptor, MockFetch, MockFetchCall, MockUrlParams } from 'rtk-rest/mock';
import { PostResource } from '../support/example';

/**
 * Types of `rtk-rest/mock`: each fixture's `args` are its own endpoint's call
 * arguments, response functions get rebuilt URL parameters, and the result fits `globalThis.fetch`.
 * The checks live in a function that never runs, so nothing is sent.
 */
const typeOnly = (_check: () => unknown) => undefined;

test('fixture types follow each endpoint', () => {
  typeOnly(() => {
    const fetch = mockFetch([
      { endpoint: PostResource.get, args: [{ group: 'react', id: 5 }], response: { id: 5 } },
      { endpoint: PostResource.update, args: [{ group: 'react', id: 5 }, { title: 'x' }], status: 201 },
      { endpoint: PostResource.getList, response: (params) => expectTypeOf(params).toEqualTypeOf<MockUrlParams>(), delay: 50 },
      { endpoint: PostResource.getList.getPage, args: [{ group: 'react', page: 2 }], response: [] },
      { endpoint: PostResource.delete, args: [{ group: 'react', id: 5 }], error: true, response: { status: 500 } },
    ]);
    expectTypeOf(fetch).toEqualTypeOf<MockFetch>();
    expectTypeOf(fetch.calls).toEqualTypeOf<MockFetchCall[]>();
    globalThis.fetch = fetch;

    // @ts-expect-error a missing path parameter
    mockFetch([{ endpoint: PostResource.get, args: [{ group: 'react' }] }]);
    // @ts-expect-error args are the array of call arguments, not the parameters alone
    mockFetch([{ endpoint: PostResource.get, args: { group: 'react', id: 5 } }]);
    // @ts-expect-error update takes (params, body)
    mockFetch([{ endpoint: PostResource.update, args: [{ group: 'react', id: 5 }, { title: 1 }] }]);
    // @ts-expect-error an unknown option (a typo of `response`)
    mockFetch([{ endpoint: PostResource.get, responce: {} }]);

    const exact: Fixture<typeof PostResource.get> = { endpoint: PostResource.get, args: [{ group: 'react', id: 5 }] };
    const interceptor: FixtureInterceptor = { endpoint: PostResource.getList, response: () => [] };
    const untyped: Fixture[] = [{ endpoint: PostResource.get, args: [{ anything: true }] }];
    mockFetch([exact, interceptor]);
    mockFetch(untyped);
  });
});
