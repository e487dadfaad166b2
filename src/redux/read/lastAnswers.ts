import type { EntityReader, MemoResult } from '../../schema';
import type { RestEndpoint } from '../../rest';
import type { RestContext } from '../instance/context';
import { entitiesToken } from '../store/layout';
import { tableGet } from '../store/tables';
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

/**
 * The last answer of a key, held weakly: an answer that no selector caller, component
 * or resolved `rest.fetch` holds any more is collected with its data, and read again it is
 * recomputed. Held, it is reused as below.
 */
interface LastAnswer<R extends Answer> extends Omit<AnswerSource, 'memo'> {
  response: WeakRef<R>;
  /** `AnswerSource.memo`, weakly (the answer's data keeps its memoized read alive). */
  memo: WeakRef<MemoResult> | null | undefined;
  endpoint: RestEndpoint;
  /** Whether `response` was computed past its `expiresAt` (time alone changes that). */
  stale: boolean;
  /** The token of the slice it was last found valid in: a token holds nothing, no old slice stays alive. */
  at: object;
}

/**
 * The last answer of one instance per key (see docs/internals.md#memoized-reads), and the cheap proof that it still stands
 *: on the same slice in O(1); in another slice holding the same meta and result for
 * the key, with the memoized read cleared by the write journal, in O(write). Selectors run after
 * every action, and most actions touch nothing a given answer depends on.
 */
export class LastAnswers<R extends Answer> {
  private readonly answers = new Map<string, LastAnswer<R>>();
  /**
   * The store's write journal, by entities token. Every slice reader answers `history` from the
   * one journal of layout.ts whatever its slice, so the first reader's function serves every
   * slice and no reader (a WeakMap entry and an object) is made per new slice: that was a third
   * of a select after a write. The function is kept, never its reader (which holds its slice).
   */
  private journal: EntityReader['history'];
  /**
   * The slice read last and its token. One WeakRef per new slice and instance (cheaper than a
   * WeakMap entry per slice), none per key. A slice read again after another one gets a new
   * token, and its answers are then found through the tables and the journal.
   */
  private seen: WeakRef<RestState> | undefined;
  private seenToken: object = {};

  constructor(private readonly ctx: RestContext) {}

  /** The previous answer for `key` while nothing it depends on changed but the slice around it, else undefined. */
  unchanged(key: string, slice: RestState, endpoint: RestEndpoint, now: number): R | undefined {
    const last = this.answers.get(key);
    const response = last?.response.deref();
    if (last === undefined || response === undefined || last.endpoint !== endpoint || now > response.expiresAt !== last.stale) return undefined;
    const at = this.tokenOf(slice);
    if (last.at === at) return response;
    if (last.memo === undefined || tableGet(slice.meta, key) !== last.meta || tableGet(slice.endpoints, key) !== last.result) return undefined;
    if (last.memo !== null) {
      const memo = last.memo.deref();
      this.journal ??= this.ctx.reader(slice).history;
      if (memo === undefined || !this.ctx.memo.stillValid(memo, this.journal, entitiesToken(slice.entities))) return undefined;
    }
    last.at = at;
    return response;
  }

  /** `next`, or the previous answer for `key` when every field is the same; remembered with what it was read from. */
  remember(key: string, slice: RestState, endpoint: RestEndpoint, now: number, next: R, from: AnswerSource): R {
    const last = this.answers.get(key);
    const previous = last?.response.deref();
    const response = previous !== undefined && sameResponse(previous, next) ? previous : next;
    const held = response === previous ? last!.response : new WeakRef(response);
    const memo = from.memo === null || from.memo === undefined ? from.memo : last?.memo?.deref() === from.memo ? last.memo : new WeakRef(from.memo);
    this.answers.set(key, { response: held, endpoint, stale: now > next.expiresAt, at: this.tokenOf(slice), meta: from.meta, result: from.result, memo });
    return response;
  }

  /** The key left the store (GC, reset). */
  forget(key: string): void {
    this.answers.delete(key);
  }

  private tokenOf(slice: RestState): object {
    if (this.seen?.deref() !== slice) {
      this.seen = new WeakRef(slice);
      this.seenToken = {};
    }
    return this.seenToken;
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
