import { useLayoutEffect, useRef } from 'react';

/**
 * Counts the renders of a component into its element's `data-renders` attribute: the browser
 * tests read it to show that a memoized row renders again only when its own post changes, and
 * DevTools shows it too. Counted after each commit and written to the DOM directly, so counting
 * never causes a render itself (StrictMode's extra development mount counts once more).
 */
export function useRenderCount<T extends HTMLElement>() {
  const count = useRef(0);
  const element = useRef<T>(null);
  useLayoutEffect(() => {
    count.current += 1;
    element.current?.setAttribute('data-renders', String(count.current));
  });
  return element;
}
