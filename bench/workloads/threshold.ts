import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { configureStore } from '@reduxjs/toolkit';
import { createRest, Entity, RestEndpoint } from '../../src';
import { readConfig } from '../harness';

/**
 * Workload "threshold": what a plain table costs a write as it grows, against
 * the sharded form, to choose the defaults of `createRest({ shardTablesAbove })`. Production mode.
 *
 * - *entity write*: one `rest.set` of one existing post into a store whose `Post` table holds n
 *   posts (plain: `shardTablesAbove: Infinity`; sharded: `0`), µs per write;
 * - *request*: one GET of a new key (one post) into a store that already holds n request keys,
 *   µs per request (its two actions write `meta` twice and `endpoints` once).
 *
 * See bench/README.md, "Store layout", "Plain tables up to a threshold".
 */

const config = readConfig();
const quick = config.quick;
if (process.env.NODE_ENV !== 'production') throw new Error('[rtk-rest bench] threshold: production mode expected');
const SIZES = quick ? [128, 256, 2000] : [64, 128, 256, 500, 1000, 2000, 4000];
const SAMPLES = quick ? 50 : 300;

class Post extends Entity {
  id = '';
  title = '';
  pk() {
    return this.id;
  }
  static override key = 'Post';
}
const urlPrefix = 'http://bench.test';
const answer = (url: string) => {
  const id = url.slice(url.lastIndexOf('/') + 1);
  return { id, title: `Post ${id}` };
};
const inProcess = {
  fetchResponse: (input: RequestInfo) => Promise.resolve({ url: String(input) } as Response),
  parseResponse: (response: Response) => Promise.resolve(answer(response.url)),
};
const getPost = new RestEndpoint({ urlPrefix, path: '/posts/:id', schema: Post, ...inProcess });
const getPosts = new RestEndpoint({ urlPrefix, path: '/posts', schema: [Post], ...inProcess, parseResponse: () => Promise.resolve([]) });

function storeOf(shardTablesAbove: number) {
  const rest = createRest({ shardTablesAbove, gc: false });
  const store = configureStore({ reducer: { [rest.reducerPath]: rest.reducer }, middleware: (g) => g().concat(rest.middleware) });
  return { rest, store };
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const now = () => process.hrtime.bigint();

function entityWrite(n: number, shardTablesAbove: number): number {
  const { rest, store } = storeOf(shardTablesAbove);
  const posts = Array.from({ length: n }, (_, i) => ({ id: `post-${i}`, title: `Post ${i}` }));
  store.dispatch(rest.setResponse(getPosts, posts));
  const times: number[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    const i = (s * 7919) % n;
    const start = now();
    store.dispatch(rest.set(Post, { id: `post-${i}` }, { id: `post-${i}`, title: `Edited ${s}` }));
    times.push(Number(now() - start) / 1000);
  }
  return median(times);
}

async function request(n: number, shardTablesAbove: number): Promise<number> {
  const { rest, store } = storeOf(shardTablesAbove);
  for (let i = 0; i < n; i++) store.dispatch(rest.setResponse(getPost, { id: `pre-${i}` }, { id: `pre-${i}`, title: 'x' }));
  const times: number[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    const start = now();
    await store.dispatch(rest.fetch(getPost, { id: `new-${s}` }));
    times.push(Number(now() - start) / 1000);
  }
  return median(times);
}

async function main() {
  const rows = [];
  for (const n of SIZES) {
    const row = {
      n,
      entityPlain: entityWrite(n, Infinity),
      entitySharded: entityWrite(n, 0),
      requestPlain: await request(n, Infinity),
      requestSharded: await request(n, 0),
    };
    rows.push(row);
    console.log(`  n=${n}: entity write plain ${row.entityPlain.toFixed(1)} µs, sharded ${row.entitySharded.toFixed(1)} µs; request plain ${row.requestPlain.toFixed(1)} µs, sharded ${row.requestSharded.toFixed(1)} µs`);
  }
  const lines = ['| entries n | `rest.set` into a plain table | into a sharded table | a GET with n keys plain | sharded |', '|---|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.n.toLocaleString('en-US')} | ${r.entityPlain.toFixed(1)} µs | ${r.entitySharded.toFixed(1)} µs | ${r.requestPlain.toFixed(1)} µs | ${r.requestSharded.toFixed(1)} µs |`);
  console.log(`\n${lines.join('\n')}\n`);
  mkdirSync(dirname(config.outFile), { recursive: true });
  writeFileSync(config.outFile, JSON.stringify({ workload: config.workload, date: new Date().toISOString(), node: process.version, quick, rows }, null, 2) + '\n');
  console.log(`results: ${config.outFile}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
