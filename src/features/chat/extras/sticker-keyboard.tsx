import '../register-locales.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sticker } from '#shared/chat/entities';
import { CloseIcon } from '../chat-icons.ts';
import { useChatClient } from '../client/chat-context.tsx';
import { type StickerSet, stickerSets } from './sticker-sets.ts';
import './extras.css';

export interface StickerKeyboardProps {
  onPick: (sticker: Sticker) => void;
  onClose: () => void;
}

type Load = { state: 'loading' } | { state: 'done'; sets: StickerSet[] };

/** Seed 001 §5: a grid of the active set's stickers, set tabs, 'Loading...', 'No stickers found'. */
export function StickerKeyboard({ onPick, onClose }: StickerKeyboardProps) {
  const { t } = useTranslation('chatExtras');
  const client = useChatClient();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [active, setActive] = useState<string | null>(null);

  useEffect(() => {
    if (!client) {
      setLoad({ state: 'done', sets: [] });
      return;
    }
    setLoad({ state: 'loading' });
    let live = true;
    client.stickers().then(
      (list) => live && setLoad({ state: 'done', sets: stickerSets(list) }),
      (error: unknown) => {
        // Seed 001 §8: a failure reads as no stickers.
        console.warn('[chat] stickers', error);
        if (live) setLoad({ state: 'done', sets: [] });
      },
    );
    return () => {
      live = false;
    };
  }, [client]);

  const sets = load.state === 'done' ? load.sets : [];
  const current = sets.find((s) => s.name === active) ?? sets[0];
  const setLabel = (name: string) => t(`stickers.setName.${name}`, { defaultValue: name });

  return (
    <div
      className="extras-panel sticker-keyboard"
      role="dialog"
      aria-label={t('stickers.title')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="extras-panel__header">
        <div className="extras-tabs" role="tablist" aria-label={t('stickers.sets')}>
          {sets.map((set) => (
            <button
              key={set.name}
              type="button"
              role="tab"
              aria-selected={set === current}
              className="extras-tab extras-tab--text"
              onClick={() => setActive(set.name)}
            >
              <img src={set.stickers[0]?.sticker_url} alt="" width={24} height={24} />
              {setLabel(set.name)}
            </button>
          ))}
        </div>
        <button type="button" className="icon-button" onClick={onClose}>
          <CloseIcon size={24} />
          <span className="visually-hidden">{t('close')}</span>
        </button>
      </div>
      {load.state === 'loading' && <p className="extras-panel__message">{t('stickers.loading')}</p>}
      {load.state === 'done' && !current && <p className="extras-panel__message">{t('stickers.empty')}</p>}
      {current && (
        <div className="sticker-keyboard__grid" role="tabpanel" aria-label={setLabel(current.name)}>
          {current.stickers.map((sticker) => (
            <button
              key={sticker.sticker_url}
              type="button"
              className="sticker-keyboard__item"
              aria-label={t('stickers.sticker', { name: sticker.sticker_name })}
              onClick={() => onPick(sticker)}
            >
              <img src={sticker.sticker_url} alt="" loading="lazy" draggable={false} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
