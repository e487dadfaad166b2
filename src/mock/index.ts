/**
 * `rtk-rest/mock`: a fixture-driven fake `fetch` for tests and demos (SPEC §8).
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
