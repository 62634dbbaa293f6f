import { startTransition, useEffect, useState } from 'react';

/** Cards drawn with the screen's first paint: what a phone shows before the first scroll. */
export const FIRST_CARDS = 3;

/**
 * How many of a long list's `total` cards to draw now (issue 31, a keeper's round on a cheap
 * phone). The screen opens with the first `first` cards, so the tap that opened it answers
 * with a painted screen; the rest follow in a React transition right after, which yields to
 * the next tap or keystroke. A list that grows later (a pond added while open) is drawn
 * whole at once. `ready`: the screen shows its cards (not its loading state).
 */
export function useProgressiveCount(total: number, ready = true, first = FIRST_CARDS): number {
  const [whole, setWhole] = useState(false);
  const short = total <= first;
  useEffect(() => {
    // Counted from the screen's first paint with its data, not from a loading state.
    if (whole || short || !ready) return;
    // After the first frame is painted, not in the same task as the tap.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setWhole(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [whole, short, ready]);
  return whole ? total : Math.min(total, first);
}
