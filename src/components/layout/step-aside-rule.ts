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
 * when the button sits on its corner), except a status badge inside it. A table cell's
 * text counts too: a manager scrolling a report reads every figure whole.
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

/** Whether a box at `fab` (with its margin) overlaps any of `rects` (a cell's lines of text). Pure. */
export function coversText(fab: Box, rects: readonly Box[]): boolean {
  return rects.some(
    (r) =>
      r.right > r.left &&
      r.bottom > r.top &&
      r.right > fab.left - MARGIN &&
      r.left < fab.right + MARGIN &&
      r.bottom > fab.top - MARGIN &&
      r.top < fab.bottom + MARGIN,
  );
}

/** Points across the button, at most this far apart: no table line (16 px and more) passes between two. */
const POINT_GAP = 12;

/** Points across the button, to find what lies under it without measuring every cell of a long table. */
function pointsOver(fab: DOMRect): [number, number][] {
  const along = (from: number, to: number) => {
    const steps = Math.ceil((to - from) / POINT_GAP);
    return Array.from({ length: steps + 1 }, (_, i) => from + ((to - from) * i) / steps);
  };
  const ys = along(fab.top - MARGIN, fab.bottom + MARGIN);
  return along(fab.left - MARGIN, fab.right + MARGIN).flatMap((x) => ys.map((y): [number, number] => [x, y]));
}

/** Whether the button lies over the text of a table cell of the page (a figure it would hide). */
function coversCellText(el: HTMLElement, fab: DOMRect): boolean {
  // Most screens (the entry forms a keeper types in) have no table: nothing to hit-test.
  if (!document.querySelector('main table')) return false;
  const cells = new Set<Element>();
  for (const [x, y] of pointsOver(fab))
    for (const under of document.elementsFromPoint(x, y)) {
      if (el.contains(under)) continue;
      const cell = under.closest('main :is(td, th)');
      if (cell) cells.add(cell);
    }
  const range = document.createRange();
  for (const cell of cells) {
    if ((cell.textContent ?? '').trim() === '') continue;
    range.selectNodeContents(cell);
    const clip = clipOf(cell);
    if (
      coversText(
        fab,
        Array.from(range.getClientRects(), (r) => within(r, clip)),
      )
    )
      return true;
  }
  return false;
}

/** The box a wide table scrolls in (its text outside is not seen), or none. */
function clipOf(cell: Element): Box | undefined {
  for (let at = cell.parentElement; at && at.tagName !== 'MAIN'; at = at.parentElement) {
    const style = getComputedStyle(at);
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') return at.getBoundingClientRect();
  }
  return undefined;
}

/** The part of `r` inside `clip` (empty when none). */
function within(r: Box, clip: Box | undefined): Box {
  if (!clip) return r;
  return {
    left: Math.max(r.left, clip.left),
    top: Math.max(r.top, clip.top),
    right: Math.min(r.right, clip.right),
    bottom: Math.min(r.bottom, clip.bottom),
  };
}

/** Whether the floating `el` lies over a control or a table figure right now (measures the page). */
export function shouldStepAside(el: HTMLElement): boolean {
  const fab = el.getBoundingClientRect();
  if (fab.width === 0 || fab.height === 0) return false;
  if (coversCellText(el, fab)) return true;
  for (const control of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (el.contains(control) || control.closest('[data-floating]')) continue;
    const box = control.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2 || box.bottom < fab.top - MARGIN || box.top > fab.bottom + MARGIN)
      continue;
    if (coversControl(fab, box, control.matches(WHOLE))) return true;
  }
  return false;
}
