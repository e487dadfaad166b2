import { bundleApp } from '../../bench/bundle.cjs';
import { buildPackage } from '../../bench/package.cjs';
import { sourceFilesHeld } from '../../bench/treeShaking.cjs';
import { runInNewContext } from 'node:vm';

// Development is `process.env.NODE_ENV !== 'production'`, tested where the dev-only code
// runs (src/internal/process.d.ts). A bundler that replaces `process.env.NODE_ENV` must be able to
// drop every dev-only branch, so production bundles carry neither the checks nor their messages.

// The bundles are bench/size.mjs's own (bench/bundle.cjs), so this checks what the size budget measures.
async function bundle(nodeEnv: string, contents = "export * from 'rtk-rest';"): Promise<string> {
  return (await bundleApp(contents, { nodeEnv })).text;
}

// Messages printed or thrown only in development (warnings, dev logs, dev errors).
const devOnly = [
  'keeping the raw value', // a deserializer threw (dev log)
  'storing it as plain JSON', // an unknown union type (warning)
  'is ignored; did you mean', // createResource option spelled in lower case (warning)
  'getOptimisticResponse threw', // an optimistic response threw (dev log)
  'two rtk-rest middlewares', // the middleware added twice (dev error)
  'no state at state.', // the reducer not mounted (dev error; production selectors read an empty slice)
  'to use it literally', // path-template advice, from a constant that only the advice uses
  // How to fix errors whose what-and-where every build keeps (listed in allBuilds).
  'An HTML page came back',
  'override searchToString()',
  'Flatten it in process()',
  'Write new schema.Invalidate(Post)',
  // The test suite's records of a store (requests, keys, subscriptions, the features' timers) and
  // the probe that answers with them: development only.
  '/internal/records',
];
// Thrown in all builds (a missing middleware, and the errors whose advice is above).
const allBuilds = ['is not installed. Add it with configureStore', 'expected a JSON response for schema', 'search parameter', 'the data is nested too deeply to store', 'whose entities it deletes'];

describe('production bundles drop development-only code', () => {
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

  it('dropped advice leaves nothing behind: no empty local spliced into a thrown message', () => {
    // `const fix = dev ? '…' : ''` may stay as `let x="";throw new E(`…${x}`)`; the advice is
    // written inside the message's template, where it folds away (docs/internals.md#development-only-code).
    expect(production.match(/\w+="";throw/g) ?? []).toEqual([]);
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

describe('a production browser bundle never takes the dev path', () => {
  // An app that reads an entity; in development every instance read is frozen.
  const app = `import { Entity, normalize, denormalize } from 'rtk-rest';
class Post extends Entity { id = 0; pk() { return String(this.id); } static key = 'Post'; }
const { result, entities } = normalize(Post, { id: 1 });
globalThis.post = denormalize(Post, result, entities);`;

  /** Runs the app bundled for the browser (everything inlined) where, as in a browser, no `process` exists. */
  async function readInBrowser(nodeEnv: string | null): Promise<{ post: object; processExists: boolean }> {
    const { text } = await bundleApp(app, { nodeEnv, external: [] });
    const context = runInNewContext(`${text};({ post: globalThis.post, processExists: typeof process !== 'undefined' })`, {});
    return context as { post: object; processExists: boolean };
  }

  it('production: entities read are not frozen (the dev-only freeze is gone)', async () => {
    const { post, processExists } = await readInBrowser('production');
    expect(processExists).toBe(false);
    expect(post).toMatchObject({ id: 1 });
    expect(Object.isFrozen(post)).toBe(false);
  }, 60_000);

  it('development: entities read are frozen, with no process either (the bundler says development)', async () => {
    const { post } = await readInBrowser('development');
    expect(post).toMatchObject({ id: 1 });
    expect(Object.isFrozen(post)).toBe(true);
  }, 60_000);

  it('no bundler replacement and no process: importing does not throw (the dev flag is read safely)', async () => {
    // Reading needs `process.env.NODE_ENV` from a bundler or Node, as Redux Toolkit does
    // (internal/process.d.ts); only the import-time read of the hot-path flag must be safe.
    const { text } = await bundleApp("import { denormalize } from 'rtk-rest';\nglobalThis.loaded = typeof denormalize;", { nodeEnv: null, external: [] });
    expect(text).toContain('process.env.NODE_ENV');
    expect(runInNewContext(`${text};globalThis.loaded`, {})).toBe('function');
  }, 60_000);

  it('Node without a bundler reads NODE_ENV itself: production skips the freeze', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await jest.isolateModulesAsync(async () => {
        const { Entity, normalize, denormalize } = await import('../../src/schema');
        class Post extends Entity {
          id = 0;
          pk() {
            return String(this.id);
          }
          static override key = 'Post';
        }
        const { result, entities } = normalize(Post, { id: 1 });
        expect(Object.isFrozen(denormalize(Post, result, entities))).toBe(false);
      });
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});

/** An app with a resource, `createRest` and these hooks of rtk-rest/react (the hook size checks below). */
const appWithHooks = (hooks: string) => `import { Entity, createResource, createRest } from 'rtk-rest';
class Post extends Entity { id = 0; pk() { return String(this.id); } static key = 'Post'; }
export const PostResource = createResource({ path: '/posts/:id', schema: Post });
export const rest = createRest();
export { ${hooks} } from 'rtk-rest/react';`;

describe('rtk-rest/react tree-shakes usePaginated and useCancelling', () => {
  const app = appWithHooks;
  // Names only these hooks' code holds: their answers' fields and the hook name given to the fetch rule.
  const markers = ['hasNextPage', 'isFetchingNextPage', 'nextPageError', '"useCancelling"', '"usePaginated"'];

  it('an app that only suspends bundles neither hook; an app that imports them bundles both', async () => {
    const [suspending, paging] = await Promise.all([
      bundle('production', app('useSuspense')),
      bundle('production', app('useSuspense, usePaginated, useCancelling')),
    ]);
    for (const marker of markers) {
      expect({ marker, inSuspenseOnly: suspending.includes(marker) }).toEqual({ marker, inSuspenseOnly: false });
      expect({ marker, inPaging: paging.includes(marker) }).toEqual({ marker, inPaging: true });
    }
  }, 60_000);
});

/** The files of each optional feature of the store (bench/size.mjs's CONCERNS say the same). */
const features = {
  // The view and the reducer's layer step too: a store without layers reads its base as it is.
  optimisticUpdates: ['src/redux/features/optimisticUpdates/optimistic.ts', 'src/redux/features/optimisticUpdates/view.ts'],
  polling: ['src/redux/features/polling/polling.ts'],
  streams: ['src/redux/features/streams/streams.ts'],
  // The sweep's reducer too: nothing but the feature dispatches a gc action.
  garbageCollection: ['src/redux/features/garbageCollection/gc.ts', 'src/redux/features/garbageCollection/sweep.ts'],
  refetchOnEvents: ['src/redux/features/refetchOnEvents/refetchOnEvents.ts'],
  persistence: ['src/redux/features/persistence/rehydrate.ts'],
  entityChanges: ['src/redux/features/entityChanges/changeTracking.ts'],
  retries: ['src/redux/features/retries/retries.ts', 'src/rest/retry.ts'],
  conditionalRequests: ['src/redux/features/conditionalRequests/conditional.ts', 'src/rest/conditional.ts'],
  shardedTables: ['src/redux/features/shardedTables/shardedTables.ts'],
  // Finding the entity a delete's URL parameters name, and the lists to expire when none is.
  deleteByParams: ['src/redux/features/deleteByParams/deleteByParams.ts'],
  // The Link header's parser: requests reach it only through the feature's request policy.
  linkPagination: ['src/redux/features/linkPagination/linkPagination.ts', 'src/rest/linkHeader.ts'],
};

describe('each optional feature of the store costs nothing when unused', () => {
  // The files of each feature (bench/size.mjs's CONCERNS say the same): bundled only when the app
  // uses `createRest` or passes the feature to `buildCreateRest`.
  const app = (create: string, imports: string) => `import { Entity, createResource, ${imports} } from 'rtk-rest';
class Post extends Entity { id = 0; pk() { return String(this.id); } static key = 'Post'; }
export const PostResource = createResource({ path: '/posts/:id', schema: Post });
export const rest = ${create}();`;
  /** The source files with bytes in the production bundle of `contents`. */
  const filesOf = async (contents: string) =>
    Object.entries((await bundleApp(contents, { nodeEnv: 'production' })).inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file);

  let lean: string[];
  let full: string[];
  beforeAll(async () => {
    [lean, full] = await Promise.all([filesOf(app('buildCreateRest', 'buildCreateRest')), filesOf(app('createRest', 'createRest'))]);
  }, 60_000);

  it.each(Object.entries(features))('an app built without %s bundles none of its files; createRest bundles them', (_feature, files) => {
    for (const file of files) {
      expect({ file, lean: lean.includes(file) }).toEqual({ file, lean: false });
      expect({ file, full: full.includes(file) }).toEqual({ file, full: true });
    }
  });

  it.each(Object.entries(features))('an app built with %s alone bundles its files and no other feature\'s', async (feature, files) => {
    const bundled = await filesOf(app(`buildCreateRest(${feature})`, `buildCreateRest, ${feature}`));
    const others = Object.entries(features).filter(([name]) => name !== feature).flatMap(([, list]) => list);
    expect(files.filter((file) => !bundled.includes(file))).toEqual([]);
    expect(others.filter((file) => bundled.includes(file))).toEqual([]);
  }, 60_000);

  it('an app built without entityChanges bundles no reader of meta.changedEntities (its matchers never match); createRest does', async () => {
    const read = async (create: string, imports: string) => (await bundleApp(app(create, imports), { nodeEnv: 'production' })).text.includes('changedEntities');
    expect({ lean: await read('buildCreateRest', 'buildCreateRest'), full: await read('createRest', 'createRest') }).toEqual({ lean: false, full: true });
  }, 60_000);

  it('an app built without optimisticUpdates does not look up the layer cells a settled mutation removes (it has no layers); createRest does', async () => {
    const looks = async (create: string, imports: string) => (await bundleApp(app(create, imports), { nodeEnv: 'production' })).text.includes('layerCells');
    expect({ lean: await looks('buildCreateRest', 'buildCreateRest'), full: await looks('createRest', 'createRest') }).toEqual({ lean: false, full: true });
  }, 60_000);

  it('an app built without shardedTables does not check shardTablesAbove (it never shards); createRest does', async () => {
    // The check's RangeError: `createRest: shardTablesAbove must be a number of entries ≥ 0 …`.
    const checks = async (create: string, imports: string) => (await bundleApp(app(create, imports), { nodeEnv: 'production' })).text.includes('must be a number of entries');
    expect({ lean: await checks('buildCreateRest', 'buildCreateRest'), full: await checks('createRest', 'createRest') }).toEqual({ lean: false, full: true });
  }, 60_000);

  it('development-only messages about a missing feature are not in production bundles', async () => {
    const { text } = await bundleApp(app('buildCreateRest', 'buildCreateRest'), { nodeEnv: 'production' });
    expect(text.includes('was built without the')).toBe(false);
    expect((await bundleApp(app('buildCreateRest', 'buildCreateRest'), { nodeEnv: 'development' })).text.includes('was built without the')).toBe(true);
  }, 60_000);
});

describe('rtk-rest/react tree-shakes every hook: an app that uses only useSuspense pays for no other', () => {
  const app = appWithHooks;
  const others = ['useCache', 'useQuery', 'useFetch', 'useSubscription', 'useLive', 'useController', 'useDLE', 'useMutation', 'useLoading', 'useDebounce', 'usePaginated', 'useCancelling'];
  let suspenseOnly: number;
  beforeAll(async () => {
    suspenseOnly = (await bundle('production', app('useSuspense'))).length;
  }, 60_000);

  // A hook bundled anyway would add (almost) nothing when imported: each must add its own code.
  it.each(others)('importing %s beside useSuspense adds its code (so an app without it does not carry it)', async (hook) => {
    const withHook = (await bundle('production', app(`useSuspense, ${hook}`))).length;
    expect({ hook, addsBytes: withHook - suspenseOnly > 60 }).toEqual({ hook, addsBytes: true });
  }, 60_000);
});

describe('an app that only uses useSuspense pays nothing for the other hooks of rtk-rest/react', () => {
  const app = appWithHooks;
  // The source files only each hook's code lives in (esbuild's metafile says which files put bytes
  // in a bundle: no marker strings, which minification could rename or another module could hold).
  const ownFiles: Record<string, string[]> = {
    useDLE: ['src/react/useDLE.ts', 'src/react/tracked.ts'],
    useMutation: ['src/react/useMutation.ts'],
    usePaginated: ['src/react/usePaginated.ts', 'src/redux/read/nextPage.ts'],
    // Waiting as a cancelling consumer is a function of its own, not a method every store bundles.
    useCancelling: ['src/react/useCancelling.ts', 'src/redux/requests/cancelling.ts'],
    useDebounce: ['src/react/useDebounce.ts'],
  };
  const bytesFrom = async (hooks: string) => {
    const { inputs } = await bundleApp(app(hooks), { nodeEnv: 'production' });
    return (file: string): number => inputs[file]?.bytesInOutput ?? 0;
  };
  let suspenseOnly: (file: string) => number;
  beforeAll(async () => {
    suspenseOnly = await bytesFrom('useSuspense');
  }, 60_000);

  it.each(Object.keys(ownFiles))('useSuspense alone bundles no byte of %s; importing it bundles its code', async (hook) => {
    const withHook = await bytesFrom(`useSuspense, ${hook}`);
    for (const file of ownFiles[hook]!) {
      expect({ file, suspenseOnly: suspenseOnly(file) }).toEqual({ file, suspenseOnly: 0 });
      expect({ file, withHook: withHook(file) > 0 }).toEqual({ file, withHook: true });
    }
  }, 60_000);
});

describe('the schema concerns cost nothing when unused (Collection and its extenders, Invalidate, Union, Query, All, Values)', () => {
  const files = {
    Collection: ['src/schema/Collection.ts', 'src/schema/CollectionCreation.ts'],
    Invalidate: ['src/schema/Invalidate.ts'],
    Union: ['src/schema/Union.ts'],
    Query: ['src/schema/Query.ts'],
    All: ['src/schema/All.ts'],
    Values: ['src/schema/Values.ts'],
  };
  const store = `export const rest = buildCreateRest()();`;
  const post = `class Post extends Entity { id = 0; pk() { return String(this.id); } static key = 'Post'; }`;
  /** The source files with bytes in the production bundle of an app with these lines. */
  const filesOf = async (imports: string, lines: string) =>
    Object.entries((await bundleApp(`import { Entity, buildCreateRest, ${imports} } from 'rtk-rest';\n${post}\n${lines}\n${store}`, { nodeEnv: 'production' })).inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file);

  it('an app of plain endpoints (an entity, a list, a mutation) bundles none of them', async () => {
    const bundled = await filesOf(
      'RestEndpoint',
      `export const getPost = new RestEndpoint({ path: '/posts/:id', schema: Post });
export const getPosts = new RestEndpoint({ path: '/posts', schema: [Post] });
export const updatePost = getPost.extend({ method: 'PUT' });`,
    );
    const all = Object.values(files).flat();
    expect(all.filter((file) => bundled.includes(file))).toEqual([]);
  }, 60_000);

  it.each([
    ['Collection', 'createResource', `export const PostResource = createResource({ path: '/posts/:id', schema: Post });`],
    ['Invalidate', 'createResource', `export const PostResource = createResource({ path: '/posts/:id', schema: Post });`],
    ['Union', 'schema', `export const Feed = new schema.Union({ post: Post }, 'type');`],
    ['Query', 'schema', `export const Count = new schema.Query(new schema.All(Post), (posts) => posts.length);`],
    ['All', 'schema', `export const Everything = new schema.All(Post);`],
    ['Values', 'schema', `export const ById = new schema.Values(Post);`],
  ] as const)('an app that uses %s bundles it', async (name, imports, lines) => {
    const bundled = await filesOf(imports, lines);
    expect(files[name].filter((file) => !bundled.includes(file))).toEqual([]);
  }, 60_000);
});

describe('how-to-fix advice of the rest, redux and react errors is development-only; what went wrong stays', () => {
  const app = `import { Entity, createResource, buildCreateRest } from 'rtk-rest';
export { useSuspense, usePaginated } from 'rtk-rest/react';
class Post extends Entity { id = 0; pk() { return String(this.id); } static key = 'Post'; }
export const PostResource = createResource({ path: '/posts/:id', schema: Post });
export const rest = buildCreateRest()();`;
  // [what stays in every build, the advice only development bundles carry]
  const messages = [
    ['cannot choose one', 'Bind hooks to one instance with createRestHooks'],
    ['is a mutation', 'Send mutations with useController().fetch'],
    ['reads an Entity class', 'Read collections, unions and queries with rest.selectQuery'],
    ['takes Entity classes', 'rest.${'],
    ['is not queryable', 'selectQuery reads an Entity, Collection'],
    ['not a string', 'Return the prefix as a string'],
    ['is not a feature', 'Pass the features rtk-rest exports'],
    ['Invalid path', 'Balance the braces'],
    ['bad Endpoint option', 'a class that extends it'],
    ['is not a member', 'add it with extend('],
    ['stream must be a function', 'or leave the option out'],
    // In the rest layer, examples of a valid value are advice too.
    ['a dot segment that would change which path is requested', 'pass another value'],
    ['options must be an object', 'such as { path:'],
    ['URL parameters must be an object', 'such as { id: 5 }'],
    // The hydration check of table formats.
    ['saved by another version of rtk-rest', "redux-persist's purge()"],
    ['which only the shardedTables feature reads', 'Add it: buildCreateRest(shardedTables'],
    ['the store uses it to mark sharded tables', 'Give that entity another pk()'],
    // The likely causes of a non-JSON answer, how to encode nested search values, how to name a
    // resource's parameter, how to flatten or read deep data, what Invalidate takes and a DELETE answers.
    ['expected a JSON response for schema', 'An HTML page came back'],
    ['expected a JSON response for schema', 'The body is valid JSON'],
    ['search parameter', 'override searchToString()'],
    ['needs at least one parameter', ', e.g. "'],
    ['the data is nested too deeply to store', 'Flatten it in process()'],
    ['its data is nested too deeply', 'Entities linked in a long chain'],
    ['whose entities it deletes', 'Write new schema.Invalidate(Post)'],
    ['missing primary key', 'answer the DELETE with the'],
  ];
  let production: string;
  let development: string;
  beforeAll(async () => {
    [production, development] = await Promise.all([bundle('production', app), bundle('development', app)]);
  }, 60_000);

  it.each(messages)('"%s" is in both bundles; its advice "%s" only in development', (what, advice) => {
    expect({ what, production: production.includes(what), development: development.includes(what) }).toEqual({ what, production: true, development: true });
    expect({ advice, production: production.includes(advice), development: development.includes(advice) }).toEqual({ advice, production: false, development: true });
  });
});

describe('the rest layer of an app that declares a resource and a store is cut to what it uses', () => {
  const app = (create: string, imports: string) => `import { Entity, createResource, ${imports} } from 'rtk-rest';
class Post extends Entity { id = 0; pk() { return String(this.id); } static key = 'Post'; }
export const PostResource = createResource({ path: '/posts/:id', schema: Post });
export const rest = ${create}();`;
  const count = (text: string, part: string) => text.split(part).length - 1;
  let lean: string;
  beforeAll(async () => {
    lean = await bundle('production', app('buildCreateRest()', 'buildCreateRest'));
  }, 60_000);

  it('rest layer: the retry wait comes with the retries feature, not with every request', async () => {
    // The wait's abort listener is removed when the timer fires; nothing else in the lean app removes one.
    const withRetries = await bundle('production', app('buildCreateRest(retries)', 'buildCreateRest, retries'));
    expect({ lean: count(lean, 'removeEventListener("abort"'), withRetries: count(withRetries, 'removeEventListener("abort"') }).toEqual({ lean: 0, withRetries: 1 });
  }, 60_000);

  it('rest layer: the path parser keeps its state in locals, which the minifier renames', () => {
    expect(['endsWithSlash', 'readParam', '.flush('].filter((name) => lean.includes(name))).toEqual([]);
  });

  it('rest layer: a check and a sniff the rest layer wrote twice are bundled once', () => {
    expect({ noParameter: count(lean, 'needs at least one parameter'), htmlSniff: count(lean, '"<!doctype"') }).toEqual({ noParameter: 1, htmlSniff: 1 });
  });

  it('rest layer: path and search values share one encoder and its lone-surrogate error', () => {
    expect(count(lean, 'is not well-formed Unicode')).toBe(1);
  });
});

/** The files of streaming server rendering: rtk-rest/server, rtk-rest/next and the browser's receiver. */
const streaming = {
  server: ['src/server/createRestScripts.ts', 'src/server/sliceChanges.ts', 'src/server/scriptInserter.ts', 'src/server/streams.ts'],
  next: ['src/next/RestScripts.ts'],
  receiver: ['src/redux/instance/receiveRestScripts.ts', 'src/redux/instance/scriptQueue.ts'],
};

describe('streaming server rendering costs nothing to an app that does not import it', () => {
  const filesOf = async (contents: string) =>
    Object.entries((await bundleApp(contents, { nodeEnv: 'production' })).inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file);
  const all = Object.values(streaming).flat();

  it('a React app that suspends and merges server slices (HydrateRest, serializeForScript) bundles none of its files', async () => {
    const held = await filesOf(`${appWithHooks('useSuspense, HydrateRest')}\nexport { serializeForScript } from 'rtk-rest';`);
    expect(all.filter((file) => held.includes(file))).toEqual([]);
    expect(held).toEqual(expect.arrayContaining(['src/react/hooks.ts', 'src/react/HydrateRest.ts']));
  }, 60_000);

  it('the browser entry of a streamed page (receiveRestScripts) bundles the receiver and nothing of the server side', async () => {
    const held = await filesOf(`${appWithHooks('useSuspense')}\nexport { receiveRestScripts } from 'rtk-rest';`);
    expect({ receiver: streaming.receiver.filter((file) => !held.includes(file)), others: [...streaming.server, ...streaming.next].filter((file) => held.includes(file)) }).toEqual({ receiver: [], others: [] });
  }, 60_000);

  it('a Next.js app with <RestScripts> bundles the collector and the receiver, not the stream helpers of plain React servers', async () => {
    const held = await filesOf(`${appWithHooks('useSuspense')}\nexport { RestScripts } from 'rtk-rest/next';`);
    const expected = [...streaming.next, ...streaming.receiver, 'src/server/createRestScripts.ts', 'src/server/sliceChanges.ts'];
    expect({ missing: expected.filter((file) => !held.includes(file)), extra: ['src/server/scriptInserter.ts', 'src/server/streams.ts'].filter((file) => held.includes(file)) }).toEqual({ missing: [], extra: [] });
  }, 60_000);
});

describe('the built package (dist/, through its exports map) keeps what the src/ bundles above check', () => {
  // Users bundle dist/, not src/: tsup joins the modules into shared chunks, where a bundler can
  // drop only top-level statements, not whole modules. The package's JavaScript is built into a
  // temp project (bench/package.cjs), as `npm run build` emits it.
  let pkg: ReturnType<typeof buildPackage>;
  beforeAll(() => {
    pkg = buildPackage();
  }, 120_000);
  afterAll(() => pkg?.remove());

  const fromPackage = async (nodeEnv: string, contents = "export * from 'rtk-rest';") => (await bundleApp(contents, { nodeEnv, from: pkg.dir })).text;

  it('a production bundle of every export has none of the development-only messages, a development bundle has them all', async () => {
    const [production, development] = await Promise.all([fromPackage('production'), fromPackage('development')]);
    expect(devOnly.filter((text) => production.includes(text))).toEqual([]);
    expect(devOnly.filter((text) => !development.includes(text))).toEqual([]);
    expect(allBuilds.filter((text) => !production.includes(text))).toEqual([]);
    expect(/process\.env/.test(production)).toBe(false);
  }, 60_000);

  const app = (create: string, imports: string) => `import { Entity, createResource, ${imports} } from 'rtk-rest';
class Post extends Entity { id = 0; pk() { return String(this.id); } static key = 'Post'; }
export const PostResource = createResource({ path: '/posts/:id', schema: Post });
export const rest = ${create}();`;

  it('an app built without the optional features holds none of their files; createRest holds every one', async () => {
    const all = Object.values(features).flat();
    const [lean, full] = await Promise.all([sourceFilesHeld(app('buildCreateRest', 'buildCreateRest'), pkg.dir), sourceFilesHeld(app('createRest', 'createRest'), pkg.dir)]);
    expect({ lean: all.filter((file) => lean.includes(file)), full: all.filter((file) => !full.includes(file)) }).toEqual({ lean: [], full: [] });
  }, 60_000);

  it('a React app that only suspends holds neither useDLE nor the schema classes it does not use (no `schema` namespace object)', async () => {
    const held = await sourceFilesHeld(appWithHooks('useSuspense'), pkg.dir);
    const unused = ['src/react/useDLE.ts', 'src/schema/namespace.ts', 'src/schema/All.ts', 'src/schema/Query.ts', 'src/schema/Union.ts'];
    expect(unused.filter((file) => held.includes(file))).toEqual([]);
    // The app's own code is there: the check above would pass on an empty bundle.
    expect(held).toEqual(expect.arrayContaining(['src/react/hooks.ts', 'src/schema/Collection.ts']));
  }, 60_000);

  it('an app that does not import the streaming entries holds none of their files, nor the receiver', async () => {
    const held = await sourceFilesHeld(appWithHooks('useSuspense, HydrateRest'), pkg.dir);
    expect(Object.values(streaming).flat().filter((file) => held.includes(file))).toEqual([]);
    expect(held).toEqual(expect.arrayContaining(['src/react/hooks.ts']));
  }, 60_000);
});
