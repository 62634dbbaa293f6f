import '../register-locales.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatEvent, Target } from '../client/chat-client.ts';
import { useChatClient } from '../client/chat-context.tsx';
import { emojiByName, emojiSrc } from './emoji.ts';
import { useChatEvent } from './use-chat-event.ts';
import './extras.css';

/** Seed 001 §9: default reaction heart, shown for 1500 ms as 6 hearts. */
export const LIVE_REACTION = 'heart';
export const LIVE_REACTION_MS = 1_500;
export const LIVE_REACTION_COUNT = 6;

/** The server never echoes a live reaction to its sender: own taps reach the overlay here. */
const ownTaps = new Set<(target: Target, reaction: string) => void>();

const sameTarget = (a: Target, b: Target) => a.receiver_type === b.receiver_type && a.receiver === b.receiver;

/** Is this transient event a live reaction shown in the conversation with `target`? */
export function isLiveReactionFor(
  event: ChatEvent,
  target: Target,
): event is Extract<ChatEvent, { type: 'transient' }> {
  if (event.type !== 'transient') return false;
  if (target.receiver_type === 'group')
    return event.receiver_type === 'group' && event.receiver === target.receiver;
  // One-to-one: the peer sent it to me.
  return event.receiver_type === 'user' && event.uid === target.receiver;
}

export function LiveReactionButton({ target, disabled }: { target: Target; disabled: boolean }) {
  const { t } = useTranslation('chatExtras');
  const client = useChatClient();
  if (disabled) return null; // seed 001 §6: hidden for a blocked partner
  const entry = emojiByName(LIVE_REACTION);
  return (
    <button
      type="button"
      className="icon-button live-reaction-button"
      disabled={!client}
      onClick={() => {
        client?.liveReaction(target, LIVE_REACTION);
        for (const tap of [...ownTaps]) tap(target, LIVE_REACTION);
      }}
    >
      {entry ? (
        <img src={emojiSrc(entry[2])} alt="" width={24} height={24} />
      ) : (
        <span aria-hidden="true">♥</span>
      )}
      <span className="visually-hidden">{t('live.send')}</span>
    </button>
  );
}

interface Burst {
  id: number;
  reaction: string;
}

/** Floating hearts over the conversation, from the peer's (or group's) live reactions and own taps. */
export function LiveReactionOverlay({ target }: { target: Target }) {
  const [bursts, setBursts] = useState<Burst[]>([]);
  const next = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const targetRef = useRef(target);
  targetRef.current = target;

  const show = (reaction: string) => {
    next.current += 1;
    const burst = { id: next.current, reaction };
    setBursts((b) => [...b, burst]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setBursts((b) => b.filter((x) => x !== burst));
    }, LIVE_REACTION_MS);
    timers.current.add(timer);
  };

  const showRef = useRef(show);
  showRef.current = show;

  useChatEvent((event) => {
    if (isLiveReactionFor(event, targetRef.current)) show(event.data.reaction || LIVE_REACTION);
  });
  useEffect(() => {
    const tap = (t: Target, reaction: string) => {
      if (sameTarget(t, targetRef.current)) showRef.current(reaction);
    };
    ownTaps.add(tap);
    const pending = timers.current;
    return () => {
      ownTaps.delete(tap);
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  if (bursts.length === 0) return null;
  return (
    <div className="live-reaction-overlay" aria-hidden="true" data-testid="live-reaction-overlay">
      {bursts.map((burst) => {
        const entry = emojiByName(burst.reaction) ?? emojiByName(LIVE_REACTION);
        return Array.from({ length: LIVE_REACTION_COUNT }, (_, i) => (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: the six hearts of a burst are positional
            key={`${burst.id}-${i}`}
            className="live-reaction-overlay__item"
            src={entry ? emojiSrc(entry[2]) : ''}
            alt=""
            style={{ left: `${10 + i * 15}%`, animationDelay: `${i * 90}ms` }}
          />
        ));
      })}
    </div>
  );
}
