import { Entity, normalize, denormalize, MemoCache, createRest, RestEndpoint } from 'rtk-rest';
import { makeStore } from '../redux/support';

class Node extends Entity {
  id = '';
  pk() { return this.id; }
  static override key = 'Node';
  static override schema: Record<string, unknown> = {};
}
Node.schema = { next: Node };
function chain(n: number): any { let v: any = { id: 'n0' }; for (let i = 1; i < n; i++) v = { id: 'n' + i, next: v }; return v; }
function maxOk(f: (n: number) => void): number {
  let lo = 1, hi = 100000;
  while (lo < hi) { const mid = Math.ceil((lo + hi) / 2); try { f(mid); lo = mid; } catch { hi = mid - 1; } }
  return lo;
}
it('thresholds', async () => {
  console.log('chain normalize', maxOk((n) => normalize(Node, chain(n))));
  const flat = (n: number) => { const e: any = {}; for (let i = 0; i < n; i++) e['n' + i] = i ? { id: 'n' + i, next: 'n' + (i - 1) } : { id: 'n0' }; return { Node: e }; };
  console.log('chain denormalize', maxOk((n) => denormalize(Node, 'n' + (n - 1), flat(n))));
  console.log('chain memo', maxOk((n) => new MemoCache().denormalize(Node, 'n' + (n - 1), flat(n))));
  // no-schema deep in store
  const rest = createRest();
  const store = makeStore(rest);
  const ep = new RestEndpoint({ path: '/raw' });
  const depth = 10000;
  const text = '{"d":'.repeat(depth) + '1' + '}'.repeat(depth);
  const orig = globalThis.fetch;
  globalThis.fetch = (async () => new Response(text, { headers: { 'content-type': 'application/json' } })) as any;
  try { await (store.dispatch(rest.fetch(ep)) as any); console.log('noschema ok'); } catch (e) { console.log('noschema ERR', (e as Error).message, (e as any).status, (e as Error).stack?.split('\n').slice(0,4).join('\n')); }
  console.log(JSON.stringify((store.getState() as any).rest.meta));
  globalThis.fetch = orig;
});
