/**
 * How the generated code refers to an Entity that an answer carries partially: a list's inline
 * items with some of the component's fields (`missing`), such as article summaries without their
 * `body`. Today it is the Entity itself, so the list is a Collection of it; the library's way of
 * marking an entity as a summary (so that a detail read still fetches the full one) plugs in
 * here, and only here.
 */
import type { InlineEntity } from './inlineEntity';

export function partialEntitySchema({ component }: InlineEntity): string {
  return component.ident;
}
