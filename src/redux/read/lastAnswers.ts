import { answerHolds } from '../../schema';
import type { MemoResult, SchemaNode } from '../../schema';
import type { RestEndpoint } from '../../rest';
import type { RestContext } from '../instance/context';
import { entitiesToken } from '../store/layout';
import { markOf } from '../store/lineage';
import type { SliceMark } from '../store/lineage';
import type { KeyMeta, RestState } from '../types';

/** What an answer was read from besides the entity tables (see `KeyRead.memo` in selectors.ts). */
export interface AnswerSource {
  /** The key's meta and stored result when the answer was computed. */
  meta: KeyMeta | undefined;
  result: unknown;
  /**
   * The memoized read the data comes from; `null` when the data depends on nothing else;
   * `undefined` (an inference, a page) when it depends on more: reused on the same slice only.
   */
  memo: MemoResult | null | undefined;
}

/**
 * The fields `remember` compares: `ResponseState` of selectors.ts, which imports this file (an
 * import back, even of a type, would make the cycle the architecture test forbids).
 */
export interface Answer {
  readonly data: unknown;
  readonly error: unknown;
  readonly status: string;
  readonly isLoading: boolean;
  readonly isFetching: boolean;
  readonly expiryStatus: string;
  readonly fetchedAt: number;
  readonly expiresAt: number;
}

/** The one record of a request key: its memoized read, and the last answer built from it. */
interface KeyAnswer<R extends Answer> {
  /** The key's read through its schema: what it was read from and the memoized answer. */
  read?: { node: SchemaNode; slot: unknown; memo: MemoResult };
  /** The last answer, what it was read from, and the mark of the slice it was last found valid in. */
  response?: R;
  source?: AnswerSource;
  endpoint?: RestEndpoint;
  /** Whether `response` was computed past its `expiresAt` (time alone changes that). */
  stale?: boolean;
  at?: SliceMark;
}

/**
 * One record per request key (see docs/internals.md#memoized-reads), and one validity rule for
 * what it holds: on the slice it was last found valid in, in O(1); in another slice holding the
 * same meta and result for the key, when its memoized read still holds (`answerHolds`: the same
 * entities, the same tables, else the same cells). Selectors run after every action, and most
 * actions touch nothing a given answer depends on. The records are the store's: kept in the
 * lineage of its states (lineage.ts), forgotten when the key leaves the store (GC, reset).
 */
export class LastAnswers<R extends Answer> {
  constructor(private readonly ctx: RestContext) {}

  /** The records of the store whose slice this is. */
  private answers(mark: SliceMark): Map<string, KeyAnswer<R>> {
    return (mark.lineage.answers ??= new Map()) as Map<string, KeyAnswer<R>>;
  }

  /** The key's memoized read of `result` through `node` in `slice` (kept in its record). */
  read(key: string, node: SchemaNode, result: unknown, slot: unknown, slice: RestState, args: readonly unknown[]): MemoResult {
    const answers = this.answers(markOf(slice));
    let record = answers.get(key);
    if (record === undefined) answers.set(key, (record = {}));
    const last = record.read;
    const previous = last !== undefined && last.node === node && Object.is(last.slot, slot) ? last.memo : undefined;
    const memo = this.ctx.memo.reread(node, result, this.ctx.reader(slice), entitiesToken(slice.entities), args, previous);
    if (memo !== previous) record.read = { node, slot, memo };
    return memo;
  }

  /** The previous answer for `key` while nothing it depends on changed but the slice around it, else undefined. */
  unchanged(key: string, slice: RestState, endpoint: RestEndpoint, now: number): R | undefined {
    const at = markOf(slice);
    const last = at.lineage.answers?.get(key) as KeyAnswer<R> | undefined;
    const response = last?.response;
    if (response === undefined || last!.endpoint !== endpoint || now > response.expiresAt !== last!.stale) return undefined;
    if (last!.at === at) return response;
    const source = last!.source!;
    const { tables } = this.ctx;
    if (source.memo === undefined || tables.get(slice.meta, key) !== source.meta || tables.get(slice.endpoints, key) !== source.result) return undefined;
    if (source.memo !== null && !answerHolds(source.memo, this.ctx.reader(slice), entitiesToken(slice.entities))) return undefined;
    last!.at = at;
    return response;
  }

  /** `next`, or the previous answer for `key` when every field is the same; remembered with what it was read from. */
  remember(key: string, slice: RestState, endpoint: RestEndpoint, now: number, next: R, from: AnswerSource): R {
    const at = markOf(slice);
    const answers = this.answers(at);
    let record = answers.get(key);
    if (record === undefined) answers.set(key, (record = {}));
    const previous = record.response;
    const response = previous !== undefined && sameResponse(previous, next) ? previous : next;
    record.response = response;
    record.source = from;
    record.endpoint = endpoint;
    record.stale = now > next.expiresAt;
    record.at = at;
    return response;
  }

  /** The key left the store whose slice this is (GC, reset), or its answer is not to be kept (a page's). */
  forget(key: string, slice: RestState): void {
    markOf(slice).lineage.answers?.delete(key);
  }
}

function sameResponse(a: Answer, b: Answer): boolean {
  return (
    Object.is(a.data, b.data) &&
    a.error === b.error &&
    a.status === b.status &&
    a.isLoading === b.isLoading &&
    a.isFetching === b.isFetching &&
    a.expiryStatus === b.expiryStatus &&
    a.fetchedAt === b.fetchedAt &&
    a.expiresAt === b.expiresAt
  );
}
