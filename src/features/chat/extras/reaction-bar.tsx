import '../register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '#shared/chat/entities';
import { AddReactionIcon } from '../chat-icons.ts';
import { useChatClient } from '../client/chat-context.tsx';
import { colons, emojiByName, emojiLabel, QUICK_REACTIONS } from './emoji.ts';
import { EmojiImage } from './emoji-image.tsx';
import { EmojiPicker } from './emoji-picker.tsx';
import { type ReactionMap, reactionChips, toggleReaction } from './reactions.ts';
import { useChatEvent } from './use-chat-event.ts';
import './extras.css';

export interface ReactionBarProps {
  message: Message;
  mine: boolean;
  /** Blocked either way (seed 001 §6): reactions are shown but cannot change. */
  disabled: boolean;
}

/**
 * Reactions under a bubble: each emoji with its count, the user's own highlighted and
 * toggled by a tap; on received messages an add button with quick reactions and the full
 * picker (seed 001 §7: the receiver reacts). Live `reaction` events keep the counts right;
 * a failed reaction is only logged and the last server state comes back.
 */
export function ReactionBar({ message, mine, disabled }: ReactionBarProps) {
  const { t } = useTranslation('chatExtras');
  const client = useChatClient();
  const [reactions, setReactions] = useState<ReactionMap>(message.reactions);
  const [confirmed, setConfirmed] = useState<ReactionMap>(message.reactions);
  const [seen, setSeen] = useState(message.reactions);
  const [menu, setMenu] = useState<'closed' | 'quick' | 'full'>('closed');
  if (seen !== message.reactions) {
    setSeen(message.reactions);
    setReactions(message.reactions);
    setConfirmed(message.reactions);
  }
  useChatEvent((event) => {
    if (event.type === 'reaction' && event.message_id === message.id) {
      setReactions(event.reactions);
      setConfirmed(event.reactions);
    }
  });

  const me = client?.me ?? null;
  const canReact = Boolean(me) && !disabled && !message.deleted_at;
  const chips = reactionChips(reactions, me?.uid ?? null);

  const toggle = (emoji: string) => {
    if (!client || !me || !canReact) return;
    const had = Boolean(reactions[emoji]?.[me.uid]);
    setReactions((r) => toggleReaction(r, emoji, me));
    client.react(message.id, emoji, had).catch((error: unknown) => {
      console.warn('[chat] reaction failed', error);
      setReactions(confirmed);
    });
  };
  const add = (name: string) => {
    setMenu('closed');
    const emoji = colons(name);
    if (me && reactions[emoji]?.[me.uid]) return; // already there: adding again changes nothing
    toggle(emoji);
  };

  if (chips.length === 0 && (mine || !canReact)) return null;
  return (
    <fieldset className="reaction-bar">
      <legend className="visually-hidden">{t('reactions.label')}</legend>
      {chips.map((chip) => (
        <button
          key={chip.emoji}
          type="button"
          className={`reaction-chip${chip.mine ? ' reaction-chip--mine' : ''}`}
          aria-pressed={chip.mine}
          disabled={!canReact}
          title={chip.names.join(', ')}
          aria-label={t('reactions.chip', {
            emoji: emojiByName(chip.emoji)?.[1] ?? emojiLabel(chip.emoji),
            count: chip.count,
            names: chip.names.join(', '),
          })}
          onClick={() => toggle(chip.emoji)}
        >
          <EmojiImage name={chip.emoji} size={18} />
          <span className="reaction-chip__count">{chip.count}</span>
        </button>
      ))}
      {!mine && canReact && (
        <span className="reaction-bar__add">
          <button
            type="button"
            className="reaction-chip reaction-chip--add"
            aria-expanded={menu !== 'closed'}
            onClick={() => setMenu(menu === 'closed' ? 'quick' : 'closed')}
          >
            <AddReactionIcon size={18} />
            <span className="visually-hidden">{t('reactions.add')}</span>
          </button>
          {menu === 'quick' && (
            <span className="reaction-menu">
              {QUICK_REACTIONS.map((name) => (
                <button
                  key={name}
                  type="button"
                  className="reaction-menu__item"
                  aria-label={emojiLabel(name)}
                  onClick={() => add(name)}
                >
                  <EmojiImage name={name} size={24} />
                </button>
              ))}
              <button type="button" className="reaction-menu__item" onClick={() => setMenu('full')}>
                <span aria-hidden="true">…</span>
                <span className="visually-hidden">{t('reactions.more')}</span>
              </button>
            </span>
          )}
          {menu === 'full' && (
            <span className="reaction-menu reaction-menu--full">
              <EmojiPicker
                onPick={() => {}}
                onPickEntry={(entry) => add(entry[0])}
                onClose={() => setMenu('closed')}
              />
            </span>
          )}
        </span>
      )}
    </fieldset>
  );
}
