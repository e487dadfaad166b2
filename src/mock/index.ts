/**
 * `rtk-rest/mock`: a fixture-driven fake `fetch` for tests and demos (see docs/getting-started.md#5-test-it-without-a-server).
 */
export { mockFetch } from './mockFetch';
export type { FixtureList } from './mockFetch';
export type {
  AnyFixture,
  Fixture,
  FixtureArgs,
  FixtureInterceptor,
  FixtureOptions,
  FixtureResponder,
  FixtureResponse,
  MockableEndpoint,
  MockFetch,
  MockFetchCall,
  MockUrlParams,
} from './types';
