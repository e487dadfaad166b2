import { bundleApp } from '../../bench/bundle.cjs';

// SPEC 0.3: development is `process.env.NODE_ENV !== 'production'`, tested where the dev-only code
// runs (src/internal/process.d.ts). A bundler that replaces `process.env.NODE_ENV` must be able to
// drop every dev-only branch, so production bundles carry neither the checks nor their messages.

// The bundles are bench/size.mjs's own (bench/bundle.cjs), so this checks what the size budget measures.
async function bundle(nodeEnv: string, contents = "export * from 'rtk-rest';"): Promise<string> {
  return (await bundleApp(contents, { nodeEnv })).text;
}

// Messages printed or thrown only in development (SPEC 0.3: warnings, dev logs, dev errors).
const devOnly = [
  'keeping the raw value', // 4.x deserializer threw (dev log)
  'storing it as plain JSON', // 4.35 unknown union type (warning)
  'is ignored; did you mean', // createResource option spelled in lower case (warning)
  'getOptimisticResponse threw', // 6.x optimistic response threw (dev log)
  'two rtk-rest middlewares', // 6.8 (dev error)
  'no state at state.', // 6.7 (dev error; production selectors read an empty slice)
];
// Thrown in all builds (SPEC 6.6).
const allBuilds = ['is not installed. Add it with configureStore'];

describe('SPEC 0.3 production bundles drop development-only code', () => {
  let production: string;
  let development: string;
  beforeAll(async () => {
    [production, development] = await Promise.all([bundle('production'), bundle('development')]);
  }, 60_000);

  it.each(devOnly)('a development bundle holds the dev-only message "%s"', (text) => {
    // Booleans, not the bundles: a failure should not print 80 kB of minified code.
    expect(development.includes(text)).toBe(true);
  });

  it.each(devOnly)('a production bundle has no "%s"', (text) => {
    expect(production.includes(text)).toBe(false);
  });

  it.each(allBuilds)('a production bundle keeps the all-builds message "%s"', (text) => {
    expect(production.includes(text)).toBe(true);
  });

  it('the production bundle reads process.env.NODE_ENV nowhere (the bundler replaced every read)', () => {
    expect(/process\.env/.test(production)).toBe(false);
  });
});

describe('tree shaking: an app pays only for the schemas it uses', () => {
  const union = 'schema.Union needs the attribute';
  const app = (extra: string) => `import { Entity, createResource, createRest, schema } from 'rtk-rest';
class Post extends Entity { id = 0; pk() { return String(this.id); } static key = 'Post'; }
export const PostResource = createResource({ path: '/posts/:id', schema: Post });
export const rest = createRest();
${extra}`;

  it('resources, the store and collections find unions by a brand, so an app without schema.Union bundles no Union class', async () => {
    const [without, withUnion] = await Promise.all([
      bundle('production', app('')),
      bundle('production', app("export const Feed = new schema.Union({ post: Post }, 'type');")),
    ]);
    expect(without.includes(union)).toBe(false);
    expect(withUnion.includes(union)).toBe(true);
  }, 60_000);
});
