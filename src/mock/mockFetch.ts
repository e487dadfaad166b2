import { answerFor, missingAnswer, thrownAnswer } from './answer';
import { rebuildArgs } from './args';
import { missingFixtureMessage } from './closest';
import { afterDelay } from './delay';
import { checkFixtures, fixtureKey } from './fixtures';
import type { CheckedFixture } from './fixtures';
import { readRequest } from './request';
import type { MockRequest } from './request';
import type { AnyFixture, FixtureResponder, MockableEndpoint, MockFetch, MockFetchCall } from './types';

/**
 * The fixture array `mockFetch` takes: one fixture per element, each typed against its own endpoint
 * (its `args` are that endpoint's call arguments).
 * @example
 * const fixtures: FixtureList<[typeof PostResource.get]> = [{ endpoint: PostResource.get, args: [{ group: 'react', id: 5 }] }];
 */
export type FixtureList<TEndpoints extends readonly MockableEndpoint[]> = { readonly [K in keyof TEndpoints]: AnyFixture<TEndpoints[K]> };

/** The first fixture that answers a key (see docs/getting-started.md#5-test-it-without-a-server): exact ones by their request key, interceptors by `testKey`. */
function findFixture(fixtures: readonly CheckedFixture[], key: string): CheckedFixture | undefined {
  return fixtures.find(({ endpoint, args }) => (args === undefined ? endpoint.testKey(key) : fixtureKey(endpoint, args) === key));
}

/** Built-in error classes a response function throws by mistake rather than on purpose. */
const BUG_ERRORS = new Set(['TypeError', 'ReferenceError', 'SyntaxError', 'RangeError']);

function warnIfBug(fixture: CheckedFixture, request: MockRequest, error: unknown): void {
  if (process.env.NODE_ENV === 'production' || !(error instanceof Error) || !BUG_ERRORS.has(error.name) || typeof (error as { status?: unknown }).status === 'number') return;
  console.warn(
    `[rtk-rest] mockFetch: the response function of fixtures[${fixture.index}] (${fixture.endpoint.name}) threw ` +
      `${error.name}: ${error.message} for ${request.key}; answering 500. If the error is meant, throw an error ` +
      "with a numeric status instead, e.g. Object.assign(new Error('Gone'), { status: 410 }).",
  );
}

async function respond(all: readonly CheckedFixture[], fixture: CheckedFixture | undefined, request: MockRequest, body: Promise<unknown>): Promise<Response> {
  await body; // so that `calls` holds the body of a Request input by the time the answer settles
  if (fixture === undefined) {
    if (process.env.NODE_ENV !== 'production') console.warn(missingFixtureMessage(all, request));
    return missingAnswer(request.key, request.url);
  }
  const { response } = fixture;
  if (typeof response !== 'function') return answerFor(fixture, response, request.url, false);
  const args = rebuildArgs(fixture.endpoint, request.url, await body);
  let value: unknown;
  try {
    value = await (response as FixtureResponder)(...(args as Parameters<FixtureResponder>));
  } catch (error) {
    warnIfBug(fixture, request, error);
    return thrownAnswer(fixture, error, request.url);
  }
  return answerFor(fixture, value, request.url, true);
}

/**
 * A fake `fetch` that answers from fixtures and never touches the network (see docs/getting-started.md#5-test-it-without-a-server). Exact
 * fixtures (`args` given) answer the request whose key is `endpoint.key(...args)`; interceptors
 * (no `args`) answer every request `endpoint.testKey()` accepts; the first match in array order
 * answers. A request no fixture matches gets a 404 and a warning listing the closest fixtures.
 * Every request is recorded in `calls`. Fixtures are checked (and copied) here: a malformed one
 * throws a `TypeError` naming it.
 *
 * @example
 * globalThis.fetch = mockFetch([
 *   { endpoint: PostResource.get, args: [{ group: 'react', id: 5 }], response: { id: 5, title: 'hi' } },
 *   { endpoint: PostResource.getList, response: (params) => [{ id: 1, title: `in ${params.group}` }], delay: 50 },
 *   { endpoint: PostResource.delete, args: [{ group: 'react', id: 5 }], error: true, response: { status: 500 } },
 * ]);
 * await store.dispatch(rest.fetch(PostResource.get, { group: 'react', id: 5 })); // a Post
 */
export function mockFetch<const TEndpoints extends readonly MockableEndpoint[]>(fixtures: FixtureList<TEndpoints>): MockFetch {
  const checked = checkFixtures(fixtures);
  const calls: MockFetchCall[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    let request: MockRequest;
    let fixture: CheckedFixture | undefined;
    try {
      request = readRequest(input, init);
      fixture = findFixture(checked, request.key);
    } catch (error) {
      return Promise.reject(error);
    }
    const call: MockFetchCall = { key: request.key, method: request.method, url: request.url, headers: request.headers, body: undefined };
    calls.push(call);
    const body = Promise.resolve(request.body).then((decoded) => (call.body = decoded));
    body.catch(() => undefined); // read again (and reported) by the response function that needs it
    return afterDelay(fixture?.delay ?? 0, request.signal, () => respond(checked, fixture, request, body));
  };
  return Object.assign(fetch, { calls });
}
