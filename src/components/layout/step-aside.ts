import { type RefObject, useEffect } from 'react';

/**
 * Issue 31: a floating button (chat, help) never lies over a control, at any scroll
 * position. The page keeps room at its end so the buttons show there, but in the middle of
 * a scroll a field, a tray button or a save button can pass under them; then they step
 * aside (hidden, and taps go through) until the control has moved on.
 *
 * "Over a control" is the rule a person feels: any overlap with a field, a button (its
 * label must read whole: "Buka barang gudang" on the attention board's wide rows) or a
 * control small enough that the button could hide it (a tab, a small link), and the
 * centre of a large link block (a pond card or a Today task that links on stays usable
 * when the button sits on its corner), except a status badge inside it.
 */

const CONTROLS =
  'main :is(button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=switch], [role=link], .badge)';
/**
 * What the button may not touch at all, whatever its size: fields, buttons (a link drawn as
 * one too), and a status badge (a Today task's "Terlambat" must read whole, though the task
 * around it is a large link).
 */
const WHOLE =
  'input, select, textarea, button, .button, summary, [role=button], [role=tab], [role=switch], .badge';
/** A control at least this many times the button's area counts by its centre only. */
const LARGE = 4;
/** Breathing room around the button, px. */
const MARGIN = 4;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Whether a floating box at `fab` would hide (part of) a control at `control`. Pure. */
export function coversControl(fab: Box, control: Box, whole: boolean): boolean {
  const w = Math.min(fab.right + MARGIN, control.right) - Math.max(fab.left - MARGIN, control.left);
  const h = Math.min(fab.bottom + MARGIN, control.bottom) - Math.max(fab.top - MARGIN, control.top);
  if (w <= 0 || h <= 0) return false;
  const area = (b: Box) => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);
  if (whole || area(control) < LARGE * area(fab)) return true;
  const cx = (control.left + control.right) / 2;
  const cy = (control.top + control.bottom) / 2;
  return (
    cx >= fab.left - MARGIN && cx <= fab.right + MARGIN && cy >= fab.top - MARGIN && cy <= fab.bottom + MARGIN
  );
}

function shouldStepAside(el: HTMLElement): boolean {
  const fab = el.getBoundingClientRect();
  if (fab.width === 0 || fab.height === 0) return false;
  for (const control of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (el.contains(control) || control.closest('[data-floating]')) continue;
    const box = control.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2 || box.bottom < fab.top - MARGIN || box.top > fab.bottom + MARGIN)
      continue;
    if (coversControl(fab, box, control.matches(WHOLE))) return true;
  }
  return false;
}

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
    const check = () => {
      frame = 0;
      task = undefined;
      const aside = shouldStepAside(el);
      if (aside !== (el.dataset.aside === 'on')) el.dataset.aside = aside ? 'on' : 'off';
    };
    const afterPaint = () => {
      task = setTimeout(check, 0);
    };
    const soon = () => {
      if (frame === 0 && task === undefined) frame = requestAnimationFrame(afterPaint);
    };
    check();
    window.addEventListener('scroll', soon, { capture: true, passive: true });
    window.addEventListener('resize', soon, { passive: true });
    window.visualViewport?.addEventListener('resize', soon, { passive: true });
    const main = document.getElementById('main') ?? document.body;
    const changes = new MutationObserver(soon);
    changes.observe(main, { childList: true, subtree: true });
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      clearTimeout(task);
      window.removeEventListener('scroll', soon, { capture: true });
      window.removeEventListener('resize', soon);
      window.visualViewport?.removeEventListener('resize', soon);
      changes.disconnect();
    };
  }, [ref]);
}
