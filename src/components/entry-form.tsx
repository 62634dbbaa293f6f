import {
  type FocusEvent,
  type FormEvent,
  type FormHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useRef,
} from 'react';
import './entry-form.css';

/**
 * THE form of the app: every form is an <EntryForm> (or a FormikForm, which is one), so
 * the rule lives here once. Enter, and the phone keyboard's Next/Go key (it sends Enter),
 * moves to the next field in reading order, across cards too; it never saves. Only the
 * save button saves. On the last field Enter closes the keyboard ("done"); forms that
 * only ask (sign in, a code, a group password) may let it send (`lastEnter="submit"`).
 * Each field gets the matching enterkeyhint, so the key's label says what it will do.
 */
export type LastEnter = 'done' | 'submit';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Input types a keyboard types into; checkboxes, radios and buttons are not "next". */
const TYPED = new Set([
  'text',
  'search',
  'tel',
  'url',
  'email',
  'password',
  'number',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
]);

/**
 * A box Enter walks into. A text area is one (a note's body after its title and labels):
 * Next from the box before it lands there, it is not skipped with the keyboard closed.
 * Inside a text area Enter stays a new line (keyDown leaves it alone).
 */
function isField(element: Element): element is Field {
  if (element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && TYPED.has(element.type);
}

function reachable(element: Field): boolean {
  if (element.disabled || (!(element instanceof HTMLSelectElement) && element.readOnly)) return false;
  if (element.tabIndex < 0 || element.closest('[hidden], [inert]')) return false;
  const details = element.closest('details');
  if (details && !details.open && !element.closest('summary')) return false;
  const check = (element as { checkVisibility?: (o?: object) => boolean }).checkVisibility;
  return typeof check !== 'function' || check.call(element, { visibilityProperty: true });
}

/** Runs `task` when the main thread is idle (soon at the latest); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}

/** The fields Enter walks through, in document order. */
export function enterOrder(form: HTMLFormElement): Field[] {
  return Array.from(form.elements).filter(isField).filter(reachable);
}

/**
 * The field after `from`, or null when `from` is the last one. A field may name its next
 * one itself (`data-enter-next` = the other's `data-enter-id`): a grid of ponds × times
 * walks down a column, the same feeding time of the next pond (issue 31).
 */
export function nextField(form: HTMLFormElement, from: Element): Field | null {
  const jump = from.getAttribute('data-enter-next');
  if (jump) {
    const named = Array.from(form.querySelectorAll('[data-enter-id]')).find(
      (el) => el.getAttribute('data-enter-id') === jump,
    );
    if (named && isField(named) && reachable(named)) return named;
  }
  // Walked from `from` onwards, stopping at the first reachable field: each test reads the
  // field's style, and a round of twenty ponds has a hundred fields (Enter on a cheap phone).
  const elements = Array.from(form.elements);
  const at = elements.indexOf(from as Field);
  const after =
    at >= 0
      ? elements.slice(at + 1)
      : // `from` is not a control of the form: the first field after it.
        elements.filter((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  for (const element of after) if (isField(element) && reachable(element)) return element;
  return null;
}

function hintFor(form: HTMLFormElement, field: Field, last: LastEnter): string {
  if (nextField(form, field)) return 'next';
  return last === 'submit' ? 'go' : 'done';
}

function label(field: Field, hint: string) {
  // A text area's Enter key writes a new line: its label stays the keyboard's own.
  if (field instanceof HTMLTextAreaElement) return;
  if (field.getAttribute('enterkeyhint') !== hint) field.setAttribute('enterkeyhint', hint);
}

export interface EntryFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** What Enter on the last field does: close the keyboard (default) or send the form. */
  lastEnter?: LastEnter;
  ref?: Ref<HTMLFormElement>;
  children: ReactNode;
}

export function EntryForm({
  onSubmit,
  lastEnter = 'done',
  ref,
  children,
  onKeyDown,
  onFocus,
  ...rest
}: EntryFormProps) {
  const own = useRef<HTMLFormElement | null>(null);
  /** Set while the form sends itself from the last field (lastEnter="submit"). */
  const sending = useRef(false);
  /** Enter is down in a field: a submit now is the browser's implicit one, never his. */
  const entering = useRef(false);

  const setRef = useCallback(
    (form: HTMLFormElement | null) => {
      own.current = form;
      if (typeof ref === 'function') ref(form);
      else if (ref) ref.current = form;
    },
    [ref],
  );

  // The key label is read when a field gets focus: it is set then (fields come and go with
  // cards and folded sections), and once after mount for the fields already there. That
  // pass reads every field's visibility (a style recalculation): it waits for an idle
  // moment, so a long form's first render is not one long task on a slow phone. No
  // observer: watching the form would redo this on every keystroke that shows a message.
  useEffect(() => {
    const labelAll = () => {
      const form = own.current;
      if (!form) return;
      const order = enterOrder(form);
      order.forEach((field, i) => {
        label(field, i < order.length - 1 ? 'next' : lastEnter === 'submit' ? 'go' : 'done');
      });
    };
    return whenIdle(labelAll);
  }, [lastEnter]);

  const focusIn = (event: FocusEvent<HTMLFormElement>) => {
    onFocus?.(event);
    const target = event.target as Element;
    if (own.current && isField(target) && reachable(target))
      label(target, hintFor(own.current, target, lastEnter));
  };

  const keyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    onKeyDown?.(event);
    const target = event.target as Element;
    entering.current = false;
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (!isField(target) || target instanceof HTMLTextAreaElement || !own.current) return;
    event.preventDefault();
    entering.current = true;
    const next = nextField(own.current, target);
    if (next) {
      // Scrolled with the margins of entry-form.css, so the box lands clear of the
      // sticky header and the save bar, not behind them.
      next.focus({ preventScroll: true });
      next.scrollIntoView?.({ block: 'nearest' });
      if (next instanceof HTMLInputElement && next.value) next.select();
    } else if (lastEnter === 'submit') {
      sending.current = true;
      own.current.requestSubmit();
    } else (target as HTMLElement).blur();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const ours = sending.current;
    sending.current = false;
    // A browser or keyboard that submits on Enter without a cancelable keydown still
    // does not save: the save button is the only way in.
    if (entering.current && !ours) {
      event.preventDefault();
      return;
    }
    onSubmit(event);
  };

  return (
    <form
      ref={setRef}
      noValidate
      data-enter="next"
      {...rest}
      onKeyDown={keyDown}
      onKeyUp={(event) => {
        rest.onKeyUp?.(event);
        entering.current = false;
      }}
      onPointerDown={(event) => {
        rest.onPointerDown?.(event);
        entering.current = false;
      }}
      onFocus={focusIn}
      onSubmit={submit}
    >
      {children}
    </form>
  );
}
