import { useEffect, useState } from 'react';

/** How long a typed value stays unjudged while the person is still typing, ms. */
export const CALM_MS = 600;

/** Whether a finger or mouse is down on the page now (set by the listeners below, once). */
let pressing = false;
let listening = false;
function watchPresses() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener(
    'pointerdown',
    () => {
      pressing = true;
    },
    true,
  );
  const up = () => {
    pressing = false;
  };
  document.addEventListener('pointerup', up, true);
  document.addEventListener('pointercancel', up, true);
}

/**
 * Runs `then` now, or, while a press is under way, once it has ended and its click has
 * been dispatched: the press that took the focus away (the save button) must not see the
 * page move under it when the box's message shows.
 */
function afterPress(then: () => void) {
  if (!pressing) return then();
  const done = () => {
    document.removeEventListener('pointerup', done, true);
    document.removeEventListener('pointercancel', done, true);
    setTimeout(then, 0);
  };
  document.addEventListener('pointerup', done, true);
  document.addEventListener('pointercancel', done, true);
}

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
 * Leaving the box by a press (the save button) shows the message once the press is over.
 */
export function useCalm(text: string): Calm {
  const [focused, setFocused] = useState(false);
  const [settled, setSettled] = useState(text);
  watchPresses();
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
    blur: () => afterPress(() => setFocused(false)),
  };
}
