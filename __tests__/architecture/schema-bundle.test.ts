import { gzipSync } from 'node:zlib';
import { bundleApp } from '../../bench/bundle.cjs';

// Issue 20: an app that only normalizes and reads (Entity, normalize, denormalize, MemoCache)
// ships the schema engine alone. Measured as the whole app ships: esbuild, minified, ESM,
// production, gzip -9, React external and everything else bundled (bench/bundle.cjs).

const app = `import { Entity, normalize, denormalize, MemoCache } from 'rtk-rest';
class Post extends Entity { id = 0; title = ''; pk() { return String(this.id); } static key = 'Post'; }
export const x = [Post, normalize, denormalize, MemoCache];`;

/**
 * The ceiling in bytes of min+gzip (kB as bench/size.mjs counts them: 1024 bytes). Issue 20's
 * target is 6 kB; the bundle was 9183 bytes (8.97 kB) before this test and is 8431 after the
 * first cuts. Reading entities linked any number of levels deep (reads split at a depth, a
 * validation walk without recursion) added about 290 bytes (8714), and leaving out nested
 * entities that process() drops without a pk 15 more (8729). Lower the ceiling whenever the
 * bundle shrinks, never raise it without a reason.
 */
const CEILING = 8.53 * 1024;

describe('issue 20: a schemas-only app bundle', () => {
  let gzip: number;
  let inputs: string[];
  beforeAll(async () => {
    const bundled = await bundleApp(app, { external: ['react', 'react-dom'] });
    gzip = gzipSync(bundled.code, { level: 9 }).length;
    inputs = Object.keys(bundled.inputs);
  }, 60_000);

  it(`is at most ${CEILING / 1024} kB min+gzip (target: 6 kB)`, () => {
    expect(gzip).toBeLessThanOrEqual(CEILING);
  });

  it('holds no Redux Toolkit, redux, reselect or immer module, and nothing of the store', () => {
    const foreign = inputs.filter((file) => /node_modules\/(@reduxjs|redux|reselect|immer|redux-thunk)\//.test(file) || /^src\/(redux|rest|react|mock)\//.test(file));
    expect(foreign).toEqual([]);
    // The engine itself is there: the check above would pass on an empty bundle.
    expect(inputs).toEqual(expect.arrayContaining(['src/schema/entityNode.ts', 'src/schema/MemoCache.ts']));
  });
});

describe('issue 20: the schema engine gives how-to-fix advice in development only', () => {
  // Each error still says what went wrong and where in all builds; the advice is dropped from
  // production bundles (in development the tests of each error check it).
  const advice = [
    'Make sure the data holds the fields pk() reads', // missing primary key
    'If the list is its', // an object where a list was expected
    'Read such chains in pages', // entities linked too deeply to read
    'Use an Entity class, a schema', // not a schema
    'load the schema layer through its entry', // a schema module loaded alone
    'static schema entries must be schemas or deserializer functions', // a non-function deserializer
    'query an Entity, Collection, All, Union, Query', // a query of a schema that is not queryable
  ];
  let production: string;
  let development: string;
  beforeAll(async () => {
    const [prod, dev] = await Promise.all([
      bundleApp(app, { external: ['react', 'react-dom'], nodeEnv: 'production' }),
      bundleApp(app, { external: ['react', 'react-dom'], nodeEnv: 'development' }),
    ]);
    production = prod.text;
    development = dev.text;
  }, 60_000);

  it.each(advice)('"%s" is in the development bundle only', (text) => {
    expect({ text, development: development.includes(text), production: production.includes(text) }).toEqual({ text, development: true, production: false });
  });

  it('the errors themselves stay in production', () => {
    for (const text of ['missing primary key', 'expected an array for', 'nested too deeply', 'not a schema', 'is not queryable']) expect({ text, production: production.includes(text) }).toEqual({ text, production: true });
  });
});
