import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#local/api-client';
import { CloseIcon } from './icons.tsx';
import './toast.css';

type ToastKind = 'success' | 'error' | 'info';

interface ToastAction {
  label: string;
  onClick: () => void;
}

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}

interface ToastApi {
  success(message: string): void;
  /** Seed 000 §8: a red toast with the server message, else the status text. */
  error(error: unknown): void;
  info(message: string, action?: ToastAction, sticky?: boolean): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const DURATION: Record<ToastKind, number> = { success: 4000, info: 6000, error: 8000 };

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ui');
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  // Timers of the toasts that close by themselves: stopped when the provider goes away.
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const region = useRef<HTMLElement>(null);
  useToastRoom(region, items.length);

  const dismiss = useCallback((id: number) => setItems((list) => list.filter((item) => item.id !== id)), []);

  const push = useCallback(
    (kind: ToastKind, message: string, action?: ToastAction, sticky = false) => {
      const id = nextId.current++;
      // At most three at a time: a burst of failures must not cover the whole phone screen.
      setItems((list) => [...list.slice(-2), { id, kind, message, action }]);
      if (sticky) return;
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, DURATION[kind]);
      timers.current.add(timer);
    },
    [dismiss],
  );

  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => push('success', message),
      info: (message, action, sticky) => push('info', message, action, sticky),
      error: (error) => {
        if (error instanceof ApiError) {
          push(
            'error',
            error.code === 'network' ? t('errors.offline') : error.message || t('errors.generic'),
          );
        } else if (typeof error === 'string' && error) push('error', error);
        else push('error', t('errors.generic'));
      },
    }),
    [push, t],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section ref={region} className="toasts" aria-label={t('toast.close')}>
        {items.map((item) => (
          <div
            key={item.id}
            className={`toast toast--${item.kind}`}
            role={item.kind === 'error' ? 'alert' : 'status'}
            aria-live={item.kind === 'error' ? 'assertive' : 'polite'}
          >
            <p className="toast__message">{item.message}</p>
            {item.action && (
              <button
                type="button"
                className="toast__action"
                onClick={() => {
                  item.action?.onClick();
                  dismiss(item.id);
                }}
              >
                {item.action.label}
              </button>
            )}
            <button type="button" className="toast__close" onClick={() => dismiss(item.id)}>
              <CloseIcon />
              <span className="visually-hidden">{t('toast.close')}</span>
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

/**
 * Publishes the height the toasts take as --toasts-height on <html>: the page keeps that
 * much room (layout.css), so a toast never covers a field (issue 12 point 9). Measured in a
 * layout effect, before the browser paints the new toast, and again on any resize.
 */
function useToastRoom(region: { current: HTMLElement | null }, count: number) {
  useLayoutEffect(() => {
    const el = region.current;
    if (!el) return;
    const root = document.documentElement;
    // Written only when it changes: a property of <html> restyles the whole page.
    const measure = () => {
      const height = count > 0 ? Math.ceil(el.getBoundingClientRect().height) : 0;
      const room = `${height > 0 ? height + 8 : 0}px`;
      if (root.style.getPropertyValue('--toasts-height') !== room)
        root.style.setProperty('--toasts-height', room);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [region, count]);
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}
