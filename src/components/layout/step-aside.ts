import { type RefObject, useEffect } from 'react';

/**
 * Issue 31: a floating button (chat, help) never lies over a control or a table's figure, at
 * any scroll position: it steps aside (hidden, and taps go through) until they have moved
 * on. The rule and its measuring are in step-aside-rule.ts, a chunk of its own loaded when
 * a button first shows (the shell that every first visit downloads stays small).
 */

/**
 * Keeps `ref`'s floating element off the controls: checked on scroll (any scroller),
 * resize and page changes, at most once a frame; sets `data-aside` for the stylesheet.
 * The check runs just after the frame is painted (a task queued from the frame's
 * callback), not before it: measuring every control forces a layout, and before the paint
 * that time would count against the keystroke or tap that changed the page.
 */
export function useStepAside(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof window === 'undefined') return;
    let frame = 0;
    let task: ReturnType<typeof setTimeout> | undefined;
    let rule: ((el: HTMLElement) => boolean) | undefined;
    let stopped = false;
    const check = () => {
      frame = 0;
      task = undefined;
      if (!rule) return;
      const aside = rule(el);
      if (aside !== (el.dataset.aside === 'on')) el.dataset.aside = aside ? 'on' : 'off';
    };
    const afterPaint = () => {
      task = setTimeout(check, 0);
    };
    const soon = () => {
      if (frame === 0 && task === undefined) frame = requestAnimationFrame(afterPaint);
    };
    // The rule is a chunk of its own (the buttons show until it is in, a moment after mounting).
    void import('./step-aside-rule.ts').then((m) => {
      if (stopped) return;
      rule = m.shouldStepAside;
      check();
    });
    window.addEventListener('scroll', soon, { capture: true, passive: true });
    window.addEventListener('resize', soon, { passive: true });
    window.visualViewport?.addEventListener('resize', soon, { passive: true });
    const main = document.getElementById('main') ?? document.body;
    const changes = new MutationObserver(soon);
    changes.observe(main, { childList: true, subtree: true });
    return () => {
      stopped = true;
      if (frame !== 0) cancelAnimationFrame(frame);
      clearTimeout(task);
      window.removeEventListener('scroll', soon, { capture: true });
      window.removeEventListener('resize', soon);
      window.visualViewport?.removeEventListener('resize', soon);
      changes.disconnect();
    };
  }, [ref]);
}
