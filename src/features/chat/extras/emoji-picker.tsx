import '../register-locales.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../chat-icons.ts';
import { emojiLabel, emojiSrc } from './emoji.ts';
import { EMOJI_CATEGORIES, type EmojiEntry } from './emoji-catalog.ts';
import './extras.css';

export interface EmojiPickerProps {
  /** The emoji's text, to insert into the message. */
  onPick: (text: string) => void;
  onClose: () => void;
  /** The whole entry (name, text, file), for reactions that need the name. */
  onPickEntry?: (entry: EmojiEntry) => void;
}

/**
 * Twitter's emoji set served from the app itself (public/twemoji): category tabs and a grid.
 * Escape or the close control closes it; picking does not, so several can be added.
 */
export function EmojiPicker({ onPick, onClose, onPickEntry }: EmojiPickerProps) {
  const { t } = useTranslation('chatExtras');
  const [active, setActive] = useState(EMOJI_CATEGORIES[0]?.key ?? '');
  const grid = useRef<HTMLDivElement>(null);
  const category = EMOJI_CATEGORIES.find((c) => c.key === active) ?? EMOJI_CATEGORIES[0];

  return (
    <div
      className="extras-panel emoji-picker"
      role="dialog"
      aria-label={t('emoji.title')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="extras-panel__header">
        <div className="extras-tabs" role="tablist" aria-label={t('emoji.categories')}>
          {EMOJI_CATEGORIES.map((c) => (
            <button
              key={c.key}
              type="button"
              role="tab"
              aria-selected={c.key === active}
              className="extras-tab"
              title={t(`emoji.${c.key}`)}
              onClick={() => {
                setActive(c.key);
                grid.current?.scrollTo?.({ top: 0 });
              }}
            >
              {c.emoji[0] && <img src={emojiSrc(c.emoji[0][2])} alt="" width={22} height={22} />}
              <span className="visually-hidden">{t(`emoji.${c.key}`)}</span>
            </button>
          ))}
        </div>
        <button type="button" className="icon-button" onClick={onClose}>
          <CloseIcon size={24} />
          <span className="visually-hidden">{t('close')}</span>
        </button>
      </div>
      <div className="emoji-picker__grid" ref={grid} role="tabpanel" aria-label={t(`emoji.${active}`)}>
        {category?.emoji.map((entry) => (
          <button
            key={entry[0]}
            type="button"
            className="emoji-picker__item"
            aria-label={emojiLabel(entry[0])}
            title={emojiLabel(entry[0])}
            onClick={() => {
              onPick(entry[1]);
              onPickEntry?.(entry);
            }}
          >
            <img src={emojiSrc(entry[2])} alt="" width={28} height={28} loading="lazy" draggable={false} />
          </button>
        ))}
      </div>
    </div>
  );
}
