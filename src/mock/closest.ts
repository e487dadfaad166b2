/**
 * The warning for a request no fixture matches (see docs/getting-started.md#5-test-it-without-a-server): the key, and the fixtures closest to
 * it, so a wrong id, method or query parameter shows at a glance.
 *
 * Ranking: first the fixtures of the same endpoint and method (exact fixtures whose args differ),
 * then the same URL template under another method, then the same method, then the rest; within a
 * rank by edit distance between the request key and the fixture's key (or, for an interceptor,
 * its `${method} ${urlPrefix}${path}` template).
 */
import type { CheckedFixture } from './fixtures';
import { fixtureKey, show } from './fixtures';
import type { MockRequest } from './request';
import { joinPrefix } from '../rest';

const SHOWN = 3;
/** Longer keys are compared on their first characters only: enough to rank, bounded in cost. */
const COMPARED = 240;

interface Candidate {
  readonly fixture: CheckedFixture;
  readonly target: string;
  readonly rank: number;
  readonly distance: number;
  readonly note: string;
}

/** Levenshtein distance with two rows. */
export function editDistance(a: string, b: string): number {
  const left = a.slice(0, COMPARED);
  const right = b.slice(0, COMPARED);
  let previous = Array.from({ length: right.length + 1 }, (_, i) => i);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = current;
  }
  return previous[right.length]!;
}

function attempt<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

function candidateOf(fixture: CheckedFixture, request: MockRequest): Candidate {
  const { endpoint, args } = fixture;
  const template = `${endpoint.method} ${joinPrefix(endpoint.urlPrefix, endpoint.path)}`;
  const target = args === undefined ? template : attempt(() => fixtureKey(endpoint, args), template);
  const sameMethod = endpoint.method === request.method;
  // Whether the URL fits this endpoint's template once the method is set aside.
  const sameTemplate = attempt(() => endpoint.testKey(`${endpoint.method} ${request.url}`), false);
  const rank = sameTemplate ? (sameMethod ? 0 : 1) : sameMethod ? 2 : 3;
  const note = rank === 0 ? 'same endpoint, other arguments' : rank === 1 ? `same URL template, method ${endpoint.method}` : '';
  return { fixture, target, rank, distance: editDistance(request.key, target), note };
}

function line({ fixture, target, note }: Candidate): string {
  const kind = fixture.args === undefined ? 'interceptor' : `args ${show(fixture.args)}`;
  return `  fixtures[${fixture.index}] ${fixture.endpoint.name}, ${kind}: ${target}${note === '' ? '' : ` (${note})`}`;
}

/** Up to three lines describing the fixtures closest to a request, best first. */
export function closestFixtures(fixtures: readonly CheckedFixture[], request: MockRequest): string[] {
  return fixtures
    .map((fixture) => candidateOf(fixture, request))
    .sort((a, b) => a.rank - b.rank || a.distance - b.distance || a.fixture.index - b.fixture.index)
    .slice(0, SHOWN)
    .map(line);
}

/** The whole warning for an unmatched request (see docs/getting-started.md#5-test-it-without-a-server). */
export function missingFixtureMessage(fixtures: readonly CheckedFixture[], request: MockRequest): string {
  const head = `[rtk-rest] mockFetch: no fixture for ${request.key}; answering 404.`;
  if (fixtures.length === 0) return `${head} mockFetch() was given no fixtures.`;
  return (
    `${head}\nClosest fixtures:\n${closestFixtures(fixtures, request).join('\n')}\n` +
    'Add { endpoint, args } whose endpoint.key(...args) is this key, or an interceptor { endpoint } (no args) ' +
    'whose endpoint.testKey() accepts it.'
  );
}
