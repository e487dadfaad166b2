import { Entity, createRest } from 'rtk-rest';
import { bundleApp } from '../../bench/bundle.cjs';
import { Issue, getIssues, issue, issues } from '../../bench/issueData';
import { FREEZE_LIMIT } from '../../src/redux/store/freeze';
import { makeStore, rawSlice } from './support';
import type { Rest, Store } from './support';

// With Redux Toolkit's default middleware (immutability and serializability
// checks on), a dispatch must not walk the whole cache. RTK's checks skip frozen objects, so the
// reducer freezes, in development only, what it creates (src/redux/store/freeze.ts).

const PAGE = 250;
/** The arguments that name issue `n` (bench/issueData.ts numbers issues from 1; ids differ). */
const idOf = (n: number) => ({ id: issue(n).id });

/** A store holding `count` issues, written in pages. */
function filled(count: number): { rest: Rest; store: Store } {
  const rest = createRest({ gc: false });
  const store = makeStore(rest);
  // A page replaces objects all over the Issue table, which RTK's checks then walk once; under
  // ts-jest that takes more than the 32 ms after which RTK warns. Timing is bench/'s business.
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    for (let p = 0; p * PAGE < count; p++) {
      store.dispatch(rest.setResponse(getIssues, { page: p }, issues(1 + p * PAGE, Math.min(PAGE, count - p * PAGE))));
    }
  } finally {
    warn.mockRestore();
  }
  return { rest, store };
}

/** Every object reachable from `root`, each once. */
function objectsOf(root: unknown): object[] {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    for (const child of Object.values(value)) stack.push(child);
  }
  return [...seen];
}

/** Values in the subtree (properties and items, through nested objects), plus one per object. */
function weight(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Object.values(value);
  return 1 + children.length + children.reduce<number>((sum, child) => sum + weight(child), 0);
}

/**
 * What RTK's checks (and everything else) do during `run`, counted as the objects they ask
 * `Object.isFrozen` about plus the values they list with `Object.values`/`Object.entries`: a
 * deterministic measure of a walk, where timings are not.
 */
function work(run: () => void): number {
  const { isFrozen, values, entries } = Object;
  let count = 0;
  const spies = [
    jest.spyOn(Object, 'isFrozen').mockImplementation((value) => (count++, isFrozen(value))),
    jest.spyOn(Object, 'values').mockImplementation((value: object) => {
      const out = values(value);
      count += out.length;
      return out;
    }),
    jest.spyOn(Object, 'entries').mockImplementation((value: object) => {
      const out = entries(value);
      count += out.length;
      return out;
    }),
  ];
  try {
    run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return count;
}

describe('RTK default dev checks stay cheap (development freezes what the reducer creates)', () => {
  it('after writes, every object of a small slice is frozen, so RTK checks skip it', () => {
    const { rest, store } = filled(20);
    store.dispatch(rest.set(Issue, idOf(3), issue(3, 'edited')));
    const objects = objectsOf(rawSlice(rest, store.getState()));
    expect(objects.length).toBeGreaterThan(100);
    expect(objects.filter((object) => !Object.isFrozen(object))).toEqual([]);
    expect(() => {
      (rest.selectQuery(store.getState(), Issue, idOf(3)) as unknown as { title: string }).title = 'mutated';
    }).toThrow(TypeError);
  });

  it(`in a large slice, an object is left unfrozen only when it holds more than FREEZE_LIMIT (${FREEZE_LIMIT}) values; frozen objects hold only frozen ones`, () => {
    const { rest, store } = filled(3000);
    store.dispatch(rest.set(Issue, idOf(7), issue(7, 'edited')));
    const objects = objectsOf(rawSlice(rest, store.getState()));
    const unfrozen = objects.filter((object) => !Object.isFrozen(object));
    // The slice, its maps of tables, the roots of the large tables: a handful, whatever the size.
    expect(unfrozen.length).toBeGreaterThan(0);
    expect(unfrozen.length).toBeLessThan(20);
    for (const object of unfrozen) expect(weight(object)).toBeGreaterThan(FREEZE_LIMIT);
    // RTK's serializability check remembers a frozen object only when all of it is frozen.
    for (const object of objects) if (Object.isFrozen(object)) expect(objectsOf(object).every((inner) => Object.isFrozen(inner))).toBe(true);
  });

  it('a plain table is frozen in development whatever it weighs; a sharded table keeps the weight rule', () => {
    const { rest, store } = filled(1000);
    const slice = rawSlice(rest, store.getState());
    expect(weight(slice.entities.Issue)).toBeGreaterThan(FREEZE_LIMIT);
    expect(Object.isFrozen(slice.entities.Issue)).toBe(true);
    expect(Object.isFrozen(slice.entitiesMeta.Issue)).toBe(true);
    expect(Object.isFrozen(slice.meta)).toBe(true);
    const sharded = filled(3000);
    expect(Object.isFrozen(rawSlice(sharded.rest, sharded.store.getState()).entities.Issue)).toBe(false);
  });

  it('preloaded (hydrated) state is frozen by the first action, once; an unrelated dispatch freezes nothing', () => {
    const server = filled(40);
    const json = JSON.parse(JSON.stringify(server.store.getState())) as Record<string, unknown>;
    const rest = createRest({ gc: false });
    const store = makeStore(rest, { preloadedState: json });
    const slice = rawSlice(rest, store.getState());
    expect(slice).toBe(json.rest);
    expect(objectsOf(slice).filter((object) => !Object.isFrozen(object))).toEqual([]);
    const freeze = jest.spyOn(Object, 'freeze');
    try {
      store.dispatch({ type: 'test/unrelated' });
      expect(freeze).not.toHaveBeenCalled();
    } finally {
      freeze.mockRestore();
    }
    expect(rest.selectQuery(store.getState(), Issue, idOf(4))?.title).toBe('Issue 4');
  });

  it('a write freezes what it created, as many objects whatever the store holds (O(write))', () => {
    const freezesOfOneWrite = (count: number) => {
      const { rest, store } = filled(count);
      const freeze = jest.spyOn(Object, 'freeze');
      try {
        store.dispatch(rest.set(Issue, idOf(9), issue(9, 'edited')));
        return freeze.mock.calls.filter(([value]) => !(value instanceof Entity)).length;
      } finally {
        freeze.mockRestore();
      }
    };
    const small = freezesOfOneWrite(300);
    const large = freezesOfOneWrite(3000);
    expect(small).toBeGreaterThan(0);
    expect(large).toBeLessThanOrEqual(small + 5);
  });

  it('with the default middleware, what the checks walk for an unrelated dispatch and a rest.set does not grow with the cache', () => {
    const measure = (count: number) => {
      const { rest, store } = filled(count);
      let i = 0;
      return {
        unrelated: work(() => store.dispatch({ type: 'test/unrelated' })),
        set: work(() => store.dispatch(rest.set(Issue, idOf(11), issue(11, `edited ${i++}`)))),
      };
    };
    const small = measure(1000);
    const large = measure(4000);
    // Before: both grew with the cache (every dispatch walked all of it). Now an unrelated dispatch
    // walks the slots of the few unfrozen objects: a number of tables, not of entities. (The
    // 1,000 issues sit in a plain table heavier than FREEZE_LIMIT, frozen anyway.)
    expect(small.unrelated).toBeLessThan(1000);
    expect(large.unrelated).toBeLessThan(1000);
    // A write pays for the frozen subtrees it replaced: at most FREEZE_LIMIT values per touched table.
    expect(large.set).toBeLessThan(4 * FREEZE_LIMIT);
  });

  it('in production the reducer freezes nothing', () => {
    const { rest, store } = filled(10);
    const actions = [
      rest.actions.set({ entities: { Issue: { '1': { id: 1, title: 'x', user: '1', labels: [] } } }, entitiesMeta: {}, indexes: {} }, { key: 'Issue', date: 1, expiresAt: 2 }),
      rest.actions.setResponse({ result: [{ nested: { deep: [1] } }], entities: {}, entitiesMeta: {}, indexes: {} }, { key: 'GET /x', date: 1, expiresAt: 2 }),
    ];
    const preloaded = JSON.parse(JSON.stringify(rawSlice(rest, store.getState())));
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const freeze = jest.spyOn(Object, 'freeze');
    try {
      let state = preloaded;
      for (const action of actions) state = rest.reducer(state, action);
      expect(freeze).not.toHaveBeenCalled();
      expect(objectsOf(state).filter((object) => Object.isFrozen(object))).toEqual([]);
    } finally {
      freeze.mockRestore();
      process.env.NODE_ENV = previous;
    }
  });

  it('a production bundle holds none of the freezing code; a development bundle does', async () => {
    const app = "export { createRest } from 'rtk-rest';";
    const [production, development] = await Promise.all([bundleApp(app, { nodeEnv: 'production' }), bundleApp(app, { nodeEnv: 'development' })]);
    const fromFreeze = (inputs: Record<string, unknown>) => Object.keys(inputs).some((path) => path.endsWith('src/redux/store/freeze.ts'));
    expect(fromFreeze(development.inputs)).toBe(true);
    expect(fromFreeze(production.inputs)).toBe(false);
  }, 60_000);
});
