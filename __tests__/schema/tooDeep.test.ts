import { Entity, NormalizeError, normalize } from 'rtk-rest';
import { tooDeepToRead } from '../../src/internal/stack';

// Data nested past the call stack: what went wrong is said in every build (the production bundle
// tests check that the advice below is left out there); development adds how to fix it.

class Deep extends Entity {
  id = '';
  pk() {
    return this.id;
  }
  static override key = 'TooDeepDeep';
}

/** A plain field nested `depth` levels: `{ next: { next: … } }`. */
function nested(depth: number): unknown {
  let value: unknown = {};
  for (let i = 0; i < depth; i++) value = { next: value };
  return value;
}

describe('data nested too deeply for the call stack', () => {
  it('normalizing it throws a NormalizeError that says so and, in development, how to flatten it', () => {
    let thrown: unknown;
    try {
      normalize(Deep, { id: 'd', deep: nested(200_000) });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(NormalizeError);
    const { message } = thrown as NormalizeError;
    expect(message).toContain('the data is nested too deeply to store (the call stack overflowed)');
    expect(message).toContain('Flatten it in process(), or send linked entities as a flat list that refers to them by pk');
  });

  it('the read error names the schema, says the store is unchanged and, in development, how to read such chains', () => {
    const { message } = tooDeepToRead('TooDeepDeep');
    expect(message).toContain('[rtk-rest] Cannot read TooDeepDeep: its data is nested too deeply (the call stack overflowed). The store is unchanged.');
    expect(message).toContain('Entities linked in a long chain (next → next …) overflow it. Read such chains in pages');
  });
});
