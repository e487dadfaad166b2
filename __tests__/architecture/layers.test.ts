import { resolve } from 'node:path';
import { checkTree, findViolations } from './layers';

const src = resolve(__dirname, '../../src');

describe('layers: imports only go down schema → rest → redux → react', () => {
  it('src/ has no upward import', () => {
    expect(checkTree(src)).toEqual([]);
  });

  it('flags an upward import (the check itself can fail)', () => {
    const file = resolve(src, 'schema/Example.ts');
    const violations = findViolations(src, file, "import { createRest } from '../redux/createRest';\nimport { x } from './node';");
    expect(violations).toEqual([{ file: 'schema/Example.ts', specifier: '../redux/createRest', from: 'schema', to: 'redux' }]);
  });

  it('flags a layer importing the public entry point, and dynamic imports', () => {
    const file = resolve(src, 'rest/Example.ts');
    const violations = findViolations(src, file, "import { Entity } from 'rtk-rest';\nconst m = import('../react/hooks');");
    expect(violations.map((v) => v.to)).toEqual(['public entry', 'react']);
  });

  it('allows downward and same-layer imports', () => {
    const file = resolve(src, 'redux/Example.ts');
    const source = "import type { X } from '../rest/types';\nimport { y } from '../schema';\nimport { z } from './slice';";
    expect(findViolations(src, file, source)).toEqual([]);
  });
});
