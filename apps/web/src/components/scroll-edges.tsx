import { useCallback, useEffect, useRef, useState } from 'react';

/** Which sides of a row that scrolls sideways hold more than is in view. */
export interface ScrollEdges {
  before: boolean;
  after: boolean;
}

/**
 * Follows a sideways scroller: whether there is more to its left and to its right, as it scrolls
 * and as its size or content changes. Attach `ref` to the element that scrolls.
 */
export function useScrollEdges<T extends HTMLElement>() {
  const ref = useRef<T | null>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ before: false, after: false });
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    // Right-to-left scrollers count scrollLeft down from 0; the reading directions here run left to right.
    const before = element.scrollLeft > 1;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setEdges((current) =>
      current.before === before && current.after === after ? current : { before, after },
    );
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resize?.observe(element);
    for (const child of element.children) resize?.observe(child);
    return () => {
      element.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [measure]);
  return { ref, edges };
}

const FADES = {
  page: { before: 'from-slate-50 dark:from-slate-950', after: 'from-slate-50 dark:from-slate-950' },
  card: { before: 'from-white dark:from-slate-900', after: 'from-white dark:from-slate-900' },
} as const;

/**
 * Fades over the ends of a row that scrolls sideways while there is more that way, so a reader
 * sees that it scrolls; put it beside the scroller inside a `relative` box. `tone` is the colour
 * behind the row.
 */
export function ScrollEdgeFades({
  edges,
  tone = 'page',
}: {
  edges: ScrollEdges;
  tone?: keyof typeof FADES;
}) {
  return (
    <>
      {edges.before ? (
        <span
          aria-hidden="true"
          data-testid="scroll-more-before"
          className={`pointer-events-none absolute inset-y-0 left-0 w-8 bg-linear-to-r to-transparent ${FADES[tone].before}`}
        />
      ) : null}
      {edges.after ? (
        <span
          aria-hidden="true"
          data-testid="scroll-more-after"
          className={`pointer-events-none absolute inset-y-0 right-0 w-8 bg-linear-to-l to-transparent ${FADES[tone].after}`}
        />
      ) : null}
    </>
  );
}
