import { entryHolds, keysOf, TABLE } from './denormalizeContext';
import { forEachCell, tablesAt } from './MemoCache';
import type { MemoResult } from './MemoCache';
import { TableVersion } from './tableVersion';
import type { EntityReader } from './types';

/**
 * Whether `answer` still holds in the reader state `token`, by one rule, cheapest proof first:
 * the same state (O(1)); else the same version of every table it read (O(tables): tables are
 * copied on write, so a write to another entity type proves nothing changed), or a later version
 * whose writes since (`TableVersion`) touched none of its cells (O(cells written)); else its
 * cells, each compared with what the reader stores now. Each proof stamps `validAt`; the cell walk
 * also records the current versions, so the next write elsewhere is proven cheaply again.
 * @internal
 */
export function answerHolds(answer: MemoResult, reader: EntityReader, token: unknown): boolean {
  if (answer.validAt === token) return true;
  const tables = answer.tables;
  if (tables !== undefined && tablesHold(answer, tables, reader)) {
    answer.validAt = token;
    return true;
  }
  if (!entryHolds(answer, reader, token)) return false;
  answer.tables = tablesAt(keysOf(answer.cells, answer.children).list, reader);
  // Proven by its cells although a table it read was written: from now on such writes are
  // compared with its pks. A fresh answer does not gather them up front, so an edit of one of
  // its own cells (the usual first write to a table it read) costs one walk that fails, as before.
  dependenciesOf(answer);
  return true;
}

/** Whether every table of `tables` is the version recorded, or one whose writes since touched none of the answer's cells; records the current versions. */
function tablesHold(answer: MemoResult, tables: unknown[], reader: EntityReader): boolean {
  for (let i = 0; i < tables.length; i += 2) {
    const key = tables[i] as string;
    const current = reader.token(key);
    if (current === tables[i + 1]) continue;
    if (!unchangedSince(answer, key, current, tables[i + 1])) return false;
    tables[i + 1] = current;
  }
  return true;
}

/**
 * Whether the versions from `at` back to `since` wrote none of the answer's cells of table `key`
 * (a chain is as long as its writer keeps it: the store cuts its chains, see `TableVersion`).
 */
function unchangedSince(answer: MemoResult, key: string, at: unknown, since: unknown): boolean {
  let pks: Set<string> | undefined;
  while (at !== since) {
    // The start of a chain that is not `since` (a new table, a cut chain): what came before is unknown.
    if (!(at instanceof TableVersion) || at.previous === undefined || answer.dependencies === undefined) return false;
    pks ??= answer.dependencies.get(key);
    if (pks === undefined || pks.has(TABLE)) return false;
    const written = at.pks;
    for (let i = 0; i < written.length; i++) if (pks.has(written[i]!)) return false;
    at = at.previous;
  }
  return true;
}

/** Gathers (once) the pks of every cell of the answer's tree, by table (`TABLE` for a whole table). */
function dependenciesOf(answer: MemoResult): Map<string, Set<string>> {
  let out = answer.dependencies;
  if (out !== undefined) return out;
  const byKey = (answer.dependencies = out = new Map());
  forEachCell(answer, (key, pk) => {
    let pks = byKey.get(key);
    if (pks === undefined) byKey.set(key, (pks = new Set()));
    pks.add(pk);
  });
  return out;
}
