import { useEffect, useState } from 'react';

/** How long a typed value stays unjudged while the person is still typing, ms. */
export const CALM_MS = 600;

export interface Calm {
  /** Whether to show what the value means now: the box is not focused, or typing paused. */
  calm: boolean;
  /** For the input's onFocus and onBlur. */
  focus(): void;
  blur(): void;
}

/**
 * Whether a field's message (an error, a standard's hint) may show for `text`: at once when
 * the field does not have the focus (a value filled in, a draft restored, after leaving
 * it), and while it has the focus only once `text` has stayed the same for CALM_MS. A
 * keystroke then redraws the box alone, not a message that comes and goes below it and
 * moves every field under it (issue 31: a key answers within 100 ms on a cheap phone).
 */
export function useCalm(text: string): Calm {
  const [focused, setFocused] = useState(false);
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    if (!focused || settled === text) return;
    const timer = setTimeout(() => setSettled(text), CALM_MS);
    return () => clearTimeout(timer);
  }, [focused, settled, text]);
  return {
    calm: !focused || settled === text,
    focus: () => {
      setSettled(text);
      setFocused(true);
    },
    blur: () => setFocused(false),
  };
}
