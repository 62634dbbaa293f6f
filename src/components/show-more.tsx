import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './page.css';

/**
 * The first `first` items of a long list (newest first) and how many are left: a pond of two
 * years holds sixty samplings and a month of readings, tens of thousands of pixels on a
 * phone before the next card. One tap shows the rest.
 */
export function useFirst<T>(items: readonly T[], first: number) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, first);
  return { shown, hidden: items.length - shown.length, showAll: () => setAll(true) };
}

/** The button under a shortened list; nothing when the whole list shows. */
export function ShowMore({ hidden, onClick }: { hidden: number; onClick: () => void }) {
  const { t } = useTranslation('ui');
  if (hidden <= 0) return null;
  return (
    <button type="button" className="button button--ghost button--small show-more" onClick={onClick}>
      {t('actions.showMore', { count: hidden })}
    </button>
  );
}
