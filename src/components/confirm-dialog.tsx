import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog.tsx';

interface ConfirmOptions {
  /** Defaults to "Apakah Anda yakin ingin menghapus?" (seed 000 §5). */
  message?: string;
  title?: string;
  confirmLabel?: string;
  danger?: boolean;
}

type Confirm = (options?: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** One confirm dialog for the app; `await confirm()` reads like the question it asks. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ui');
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((next = {}) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };

  const danger = options?.danger ?? true;
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog
        open={options !== null}
        title={options?.title ?? t('confirm.title')}
        onClose={() => answer(false)}
        footer={
          <>
            <button type="button" className="button button--secondary" onClick={() => answer(false)}>
              {t('actions.cancel')}
            </button>
            <button
              type="button"
              className={`button ${danger ? 'button--danger' : 'button--primary'}`}
              onClick={() => answer(true)}
            >
              {options?.confirmLabel ?? (danger ? t('actions.yesDelete') : t('actions.confirm'))}
            </button>
          </>
        }
      >
        <p className="confirm__message">{options?.message ?? t('confirm.deleteMessage')}</p>
      </Dialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider');
  return confirm;
}
