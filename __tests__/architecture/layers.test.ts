import { resolve } from 'node:path';
import { checkRooms, checkTree, findRoomViolations, findViolations } from './layers';

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

describe('the rooms of the redux layer: the core never imports a feature', () => {
  it('src/redux: no file of instance/, store/, requests/ or read/ imports features/, and no feature imports another', () => {
    expect(checkRooms(src)).toEqual([]);
  });

  it('flags the core importing a feature, and a feature importing another (the check itself can fail)', () => {
    const core = resolve(src, 'redux/instance/Example.ts');
    expect(findRoomViolations(src, core, "import { polling } from '../features/polling/polling';\nimport { x } from '../store/slice';")).toEqual([
      { file: 'redux/instance/Example.ts', specifier: '../features/polling/polling', from: 'core', to: 'features/polling' },
    ]);
    const feature = resolve(src, 'redux/features/streams/Example.ts');
    expect(findRoomViolations(src, feature, "import { Polling } from '../polling/polling';\nimport { y } from './streams';\nimport { z } from '../../store/slice';").map((v) => v.to)).toEqual(['features/polling']);
  });

  it('the entry points may import every feature', () => {
    const entry = resolve(src, 'redux/createRest.ts');
    expect(findRoomViolations(src, entry, "import { polling } from './features/polling/polling';")).toEqual([]);
  });
});
