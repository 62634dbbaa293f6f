/**
 * "The farmer is typing": a text field, number field or select has the focus, so on a phone
 * the on-screen keyboard is up and the screen is short. The shell marks it on <html>
 * (`data-typing="on"`) and the CSS then hides what floats over the page (chat and help
 * buttons, bottom navigation), keeps the form's save button stuck above the keyboard and
 * lets the focused field scroll clear of it (layout.css, form-field.css; issue 12 point 9).
 *
 * The attribute is written synchronously in the focus events, not through React state, so
 * the layout is already right when the browser scrolls the newly focused field into view.
 * Focus, not the visual viewport's size, is the signal: with `interactive-widget=
 * resizes-content` (index.html) the keyboard shrinks the layout viewport itself, and a
 * keyboard without focus in a field does not exist. Where the keyboard only overlays the
 * page (iOS), `--keyboard-inset` says by how much.
 */
const NOT_TYPED = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  return (
    target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable
  );
}

/**
 * How much of the layout viewport's bottom the keyboard hides. 0 where the keyboard resizes
 * the page (Chrome on Android with resizes-content); the keyboard's height where it only
 * shrinks the visual viewport (Safari on iOS), so the stuck save button can sit above it.
 */
export function keyboardInset(win: Pick<Window, 'innerHeight' | 'visualViewport'>): number {
  const vv = win.visualViewport;
  if (!vv) return 0;
  return Math.max(0, Math.round(win.innerHeight - vv.height - vv.offsetTop));
}

/** Follows focus on `doc` and keeps `data-typing` on its root; returns the unsubscribe. */
export function trackTypingMode(doc: Document = document): () => void {
  const root = doc.documentElement;
  const win = doc.defaultView;
  // Written only when it changes: the attribute is on <html>, so each write restyles the page.
  const set = (typing: boolean) => {
    if (typing === (root.dataset.typing === 'on')) return;
    if (typing) root.dataset.typing = 'on';
    else delete root.dataset.typing;
  };
  // A press on a button (the stuck save button, chat's sticker button) moves the focus out
  // of the field first. The layout must not change under the finger then: the button would
  // jump (back into the form, or up when hidden bars return) and the press would land
  // elsewhere, so nothing is saved. The mode ends once the press is over (after its click).
  let pressing = false;
  const onPointerDown = () => {
    pressing = true;
  };
  const settle = () =>
    win?.setTimeout(() => {
      pressing = false;
      set(isTypingTarget(doc.activeElement));
    }, 0);
  const onFocusIn = (event: FocusEvent) => {
    if (isTypingTarget(event.target) || !pressing) set(isTypingTarget(event.target));
  };
  // relatedTarget is where focus goes next (null: nowhere, e.g. the keyboard was closed by blur).
  const onFocusOut = (event: FocusEvent) => {
    if (isTypingTarget(event.relatedTarget) || !pressing) set(isTypingTarget(event.relatedTarget));
  };
  doc.addEventListener('pointerdown', onPointerDown, true);
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('focusout', onFocusOut);
  doc.addEventListener('pointerup', settle, true);
  doc.addEventListener('pointercancel', settle, true);
  set(isTypingTarget(doc.activeElement));
  const vv = win?.visualViewport;
  const onViewport = () => {
    const inset = win ? `${keyboardInset(win)}px` : '';
    if (inset && root.style.getPropertyValue('--keyboard-inset') !== inset)
      root.style.setProperty('--keyboard-inset', inset);
  };
  vv?.addEventListener('resize', onViewport);
  vv?.addEventListener('scroll', onViewport);
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('focusout', onFocusOut);
    doc.removeEventListener('pointerdown', onPointerDown, true);
    doc.removeEventListener('pointerup', settle, true);
    doc.removeEventListener('pointercancel', settle, true);
    vv?.removeEventListener('resize', onViewport);
    vv?.removeEventListener('scroll', onViewport);
    root.style.removeProperty('--keyboard-inset');
    set(false);
  };
}
