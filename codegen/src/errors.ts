/** Errors that stop generation, and warnings that do not. */

/** A broken description or configuration: the CLI prints it and exits with code 1. */
export class CodegenError extends Error {
  override name = 'CodegenError';
  constructor(
    file: string,
    /** Where in the file, as a JSON pointer; `''` for the whole file. */
    readonly pointer: string,
    /** What is wrong, and what to do. */
    readonly problem: string,
  ) {
    super(`[rtk-rest-codegen] ${file}${pointer ? ` at ${pointer}` : ''}: ${problem}`);
  }
}

/** One part of the description that was not mapped, with the kind used for the summary. */
export interface Warning {
  readonly pointer: string;
  readonly kind: string;
  readonly message: string;
}

/**
 * Collects warnings while generating, and what was inferred rather than read (a pk guessed from
 * the paths); `summary()` counts the warnings by kind and names the inferences for the end of the run.
 */
export class Warnings {
  readonly list: Warning[] = [];
  /** What the generator inferred, one line each: `Article pk "slug" (GET /articles/{slug})`. */
  readonly inferred: string[] = [];

  infer(message: string): void {
    this.inferred.push(message);
  }

  add(pointer: string, kind: string, message: string): void {
    this.list.push({ pointer, kind, message });
  }

  summary(): string {
    const inferred = this.inferred.length === 0 ? '' : `; inferred: ${this.inferred.join(', ')}`;
    return this.warningSummary() + inferred;
  }

  private warningSummary(): string {
    if (this.list.length === 0) return 'no warnings';
    const counts = new Map<string, number>();
    for (const { kind } of this.list) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    const parts = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([kind, n]) => `${n} × ${kind}`);
    return `${this.list.length} warning${this.list.length === 1 ? '' : 's'}: ${parts.join(', ')}`;
  }
}

/** Escapes a key for a JSON pointer (RFC 6901). */
export function pointerKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
