/**
 * How the generated code refers to an Entity that an answer carries partially: a list's inline
 * items with some of the component's fields (`missing`), such as article summaries without their
 * `body`. Today it is the Entity itself, so the list is a Collection of it. This is the one place
 * that knows which fields a summary leaves out: marking them on the Entity as fields only a detail
 * answer carries (so that a detail read of a summary still fetches the full entity) starts here.
 */
import type { InlineEntity } from './inlineEntity';

export function partialEntitySchema({ component }: InlineEntity): string {
  return component.ident;
}
