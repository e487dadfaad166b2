import type { Rest } from '../createRest';
import { installedIn } from './middleware';
import type { UnknownAction } from '../rtk';

/** The one rtk-rest instance installed in `store`, or a clear error naming `caller` and how to pass it. */
export function onlyRest(store: { dispatch(action: UnknownAction): unknown }, caller: string, pass: string): Rest {
  const instances = installedIn((action) => store.dispatch(action));
  if (instances.length === 1) return instances[0]!.rest as Rest;
  throw new Error(
    instances.length === 0
      ? `[rtk-rest] ${caller}: the store has no rtk-rest middleware. Add it with configureStore({ middleware: (getDefault) => getDefault().concat(rest.middleware) }).`
      : `[rtk-rest] ${caller}: the store has ${instances.length} rtk-rest instances, so it cannot choose one. Pass the instance: ${pass}.`,
  );
}
