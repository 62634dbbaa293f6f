import type { Page } from '@playwright/test';

/**
 * Issue 12 point 9: "nothing covers what a farmer types". Runs inside the page: for each
 * input, select, textarea and submit button it brings the control into view the way the
 * browser does (scrollIntoView / focus, which honour scroll-padding) and reports it when
 * it is not fully inside the viewport or when a position:fixed or sticky element (chat,
 * help, install or update bar, toasts, bottom navigation, navbar, a save bar) overlaps its
 * box, by rectangle intersection and by hit-testing five points of the box.
 *
 * mode 'scroll': nothing focused, floating buttons shown (a farmer looking for the field).
 * mode 'keyboard': each text field focused in turn (the on-screen keyboard is open: the
 * caller shrinks the viewport first); the field and its form's submit button must both be
 * visible and uncovered.
 */
export interface CoverOptions {
  mode: 'scroll' | 'keyboard';
  /** Fail unless a toast is on screen during the whole check. */
  requireToast?: boolean;
  /**
   * Issue 31 (a phone, mode 'scroll'): every tappable control (buttons, links, fields,
   * tabs, summaries; a checkbox or radio by its label) is at least this many px each way,
   * the element at its centre is the control itself (nothing in the page lies over it),
   * and the page is no wider than the screen (only a table's own box may scroll).
   */
  tapSize?: number;
}

export interface CoverReport {
  checked: string[];
  problems: string[];
  toastSeen: boolean;
}

async function inPage({ mode, requireToast, tapSize }: CoverOptions): Promise<CoverReport> {
  // Entering toasts fade and slide in: measure where things end up, not mid-animation.
  const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  const problems: string[] = [];
  const checked: string[] = [];
  const shown = (el: Element): boolean => {
    // Not opacity: a transparent layer on top still takes the tap.
    if (!el.checkVisibility({ visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 2 && r.height > 2;
  };
  const pinned = (el: Element): boolean => {
    const p = getComputedStyle(el).position;
    return p === 'fixed' || p === 'sticky';
  };
  const name = (el: Element): string => {
    const label =
      el.getAttribute('aria-label') ||
      (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
      el.getAttribute('name') ||
      el.getAttribute('placeholder') ||
      el.textContent?.trim() ||
      '';
    return `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${label.slice(0, 40)}"`;
  };
  const who = (el: Element): string =>
    `${el.tagName.toLowerCase()}.${[...el.classList].join('.') || el.getAttribute('role') || ''}`;
  const findFloating = () => [...document.querySelectorAll('body *')].filter((el) => pinned(el) && shown(el));
  // Scrolling moves no fixed element: found once. A focused field may show or hide some.
  const once = mode === 'scroll' ? findFloating() : null;
  const floating = () => once ?? findFloating();
  const toastOn = () => [...document.querySelectorAll('.toast')].some(shown);

  /** Why `el` is not usable right now, or null. */
  const blocked = (el: Element): string | null => {
    const r = el.getBoundingClientRect();
    const height = window.visualViewport?.height ?? window.innerHeight;
    const width = window.visualViewport?.width ?? window.innerWidth;
    if (r.top < -1 || r.left < -1 || r.right > width + 1 || (r.bottom > height + 1 && r.height < height)) {
      return `not fully visible (${Math.round(r.top)}..${Math.round(r.bottom)} of ${Math.round(height)})`;
    }
    for (const f of floating()) {
      if (f.contains(el) || el.contains(f)) continue;
      const q = f.getBoundingClientRect();
      const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
      const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
      if (w > 1 && h > 1) return `covered by ${who(f)} (${Math.round(w)}×${Math.round(h)} px)`;
    }
    const points = [
      [0.5, 0.5],
      [0.1, 0.2],
      [0.9, 0.2],
      [0.1, 0.8],
      [0.9, 0.8],
    ];
    for (const [fx, fy] of points) {
      const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      if (!hit || hit === el || el.contains(hit)) continue;
      for (let up: Element | null = hit; up; up = up.parentElement) {
        if (up.contains(el)) break;
        if (pinned(up)) return `hit-test lands on ${who(up)}`;
      }
    }
    return null;
  };

  const controls = [
    ...document.querySelectorAll(
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]), select, textarea, button[type=submit]',
    ),
  ].filter((el) => shown(el) && !el.closest('dialog, [role=dialog]'));

  const check = (el: Element, what: string) => {
    checked.push(`${what} ${name(el)}`);
    const why = blocked(el);
    if (why) problems.push(`${location.pathname}${location.search} [${mode}] ${what} ${name(el)}: ${why}`);
  };

  /** The box a finger hits: a checkbox or radio is tapped through its label. */
  const target = (el: Element): Element => {
    const input = el as HTMLInputElement;
    if (el.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio')) {
      const label = input.labels?.[0];
      if (label && shown(label)) return label;
    }
    return el;
  };
  /** Why a tappable control is too small or lies under something, or null. */
  const tapProblem = (el: Element, min: number): string | null => {
    const box = target(el);
    const r = box.getBoundingClientRect();
    if (r.width < min - 0.5 || r.height < min - 0.5)
      return `${Math.round(r.width)}×${Math.round(r.height)} px, under ${min}×${min}`;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || hit === box || box.contains(hit) || hit.contains(box)) return null;
    // A field's own label or wrapper drawn over it (a date box's shown value) still focuses it.
    const label = hit.closest('label');
    if (label && (label.control === el || label.contains(el))) return null;
    return `its centre is covered by ${who(hit)}`;
  };
  const tappables = () =>
    [
      ...document.querySelectorAll(
        'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=switch], [role=link]',
      ),
    ].filter(
      (el) =>
        // A visually hidden checkbox or radio counts by its label.
        (shown(el) || shown(target(el))) &&
        !el.closest('dialog, [role=dialog], [aria-hidden=true], [inert]') &&
        !el.matches('.skip-link, .visually-hidden'),
    );

  if (requireToast && !toastOn()) problems.push('no toast on screen when the check started');
  if (tapSize && mode === 'scroll') {
    const width = document.documentElement.clientWidth;
    const wide = document.documentElement.scrollWidth;
    if (wide > width + 1) {
      // Name the first element that sticks out (and is not inside a box that scrolls itself).
      const scrolls = (el: Element) => /auto|scroll|hidden/.test(getComputedStyle(el).overflowX);
      const out = [...document.querySelectorAll('body *')].find((el) => {
        if (el.getBoundingClientRect().right <= width + 1) return false;
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
          if (scrolls(up)) return false;
        return true;
      });
      problems.push(
        `${location.pathname}${location.search} is ${wide} px wide on a ${width} px screen` +
          (out ? ` (${who(out)} reaches ${Math.round(out.getBoundingClientRect().right)} px)` : ''),
      );
    }
    for (const el of tappables()) {
      target(el).scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      checked.push(`tap ${name(el)}`);
      const why = tapProblem(el, tapSize);
      if (why) problems.push(`${location.pathname}${location.search} [tap] ${name(el)}: ${why}`);
    }
  }
  if (mode === 'scroll') {
    for (const el of controls) {
      el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      check(el, 'control');
    }
  } else {
    for (const el of controls) {
      if (el.tagName === 'BUTTON') continue;
      (el as HTMLElement).focus();
      if (document.activeElement !== el) continue; // disabled or not focusable
      check(el, 'focused');
      const form = (el as HTMLInputElement).form;
      const submit = form ? [...form.querySelectorAll('button[type=submit]')].find(shown) : undefined;
      if (submit) check(submit, `save of ${name(el)}`);
    }
    (document.activeElement as HTMLElement | null)?.blur();
  }
  const toastSeen = toastOn();
  if (requireToast && !toastSeen) problems.push('the toast was gone before the check ended');
  return { checked, problems, toastSeen };
}

export function coverCheck(page: Page, options: CoverOptions): Promise<CoverReport> {
  return page.evaluate(inPage, options);
}

/**
 * Issue 31: "no floating element covers a control at any scroll position". Scrolls the page
 * from top to bottom in steps shorter than a control row and, at each stop, reports a
 * floating button (chat, help) that is shown while it lies over a control: over any part
 * of a field or of a control smaller than four times the button, or over the centre of a
 * larger one (a card that links on), or over the text of a table cell. Each stop waits two frames, and up to 60 more while a
 * button still lies over a control (the buttons check after the paint).
 */
export async function floatingSweep(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const problems = new Set<string>();
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const scroller = document.scrollingElement ?? document.documentElement;
    const max = Math.max(0, scroller.scrollHeight - window.innerHeight);
    const stops = Array.from({ length: Math.ceil(max / 83) + 1 }, (_, i) => Math.min(i * 83, max));
    /** What the floating buttons lie over now. */
    const overlaps = (y: number): string[] => {
      const found: string[] = [];
      const fabs = [...document.querySelectorAll('.chat-button, .help-button, [data-floating]')].filter(
        (el) => el.checkVisibility({ visibilityProperty: true }),
      );
      for (const fab of fabs) {
        const q = fab.getBoundingClientRect();
        for (const c of document.querySelectorAll(
          'main :is(button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], .badge)',
        )) {
          const r = c.getBoundingClientRect();
          if (c.closest('.chat-button, .help-button, [data-floating]')) continue;
          if (r.width <= 2 || r.height <= 2 || !c.checkVisibility({ visibilityProperty: true })) continue;
          const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
          const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
          if (w <= 0 || h <= 0) continue;
          const cx = (r.left + r.right) / 2;
          const cy = (r.top + r.bottom) / 2;
          const centre = cx >= q.left && cx <= q.right && cy >= q.top && cy <= q.bottom;
          const small = r.width * r.height < 4 * q.width * q.height;
          if (centre || small || c.matches('input, select, textarea')) {
            const label = (c.getAttribute('aria-label') || c.textContent || '').trim().slice(0, 30);
            found.push(
              `${fab.className} over ${c.tagName.toLowerCase()} "${label}" at scroll ${y} (${Math.round(w)}×${Math.round(h)} px)`,
            );
          }
        }
        // A figure in a table must read whole too (a manager scrolling a report on a phone).
        const range = document.createRange();
        for (const cell of document.querySelectorAll('main :is(td, th)')) {
          const text = (cell.textContent ?? '').trim();
          if (text === '' || !cell.checkVisibility({ visibilityProperty: true })) continue;
          const box = cell.getBoundingClientRect();
          if (box.bottom < q.top || box.top > q.bottom || box.right < q.left || box.left > q.right) continue;
          range.selectNodeContents(cell);
          // Only what shows of it: a wide table's cells beyond its scrolling box are not seen.
          let clip: DOMRect | undefined;
          for (let at = cell.parentElement; at && at.tagName !== 'MAIN' && !clip; at = at.parentElement) {
            const style = getComputedStyle(at);
            if (style.overflowX !== 'visible' || style.overflowY !== 'visible')
              clip = at.getBoundingClientRect();
          }
          const under = Array.from(range.getClientRects()).some((r) => {
            const left = Math.max(r.left, clip?.left ?? r.left, q.left);
            const right = Math.min(r.right, clip?.right ?? r.right, q.right);
            const top = Math.max(r.top, clip?.top ?? r.top, q.top);
            const bottom = Math.min(r.bottom, clip?.bottom ?? r.bottom, q.bottom);
            return right > left && bottom > top;
          });
          if (under) found.push(`${fab.className} over the table cell "${text.slice(0, 30)}" at scroll ${y}`);
        }
      }
      return found;
    };
    for (const y of stops) {
      window.scrollTo(0, y);
      // The scroll event's frame runs the buttons' check just after its paint; on a busy
      // page that task can run after the next frame. A button still over a control is
      // looked at again every two frames, for up to 60 frames (a second at 60 Hz),
      // and counts only if it stays there.
      await frame();
      let found = overlaps(y);
      for (let again = 0; found.length > 0 && again < 30; again++) {
        await frame();
        found = overlaps(y);
      }
      for (const line of found) problems.add(line);
    }
    window.scrollTo(0, 0);
    return [...problems];
  });
}
