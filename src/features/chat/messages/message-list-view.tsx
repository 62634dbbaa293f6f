import '../register-locales.ts';
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDownIcon } from '../chat-icons.ts';
import { type BubbleHandlers, MessageBubble } from './message-bubble.tsx';
import type { MessageList } from './use-message-list.ts';

const EDGE = 20; // px: "within 20 px" of an end (seed 001 §9)

export function isNearBottom(el: HTMLElement | null): boolean {
  if (!el) return true;
  return el.scrollHeight - el.scrollTop - el.clientHeight <= EDGE;
}

interface ViewProps extends BubbleHandlers {
  list: MessageList;
  scrollRef: RefObject<HTMLElement | null>;
  me: string;
  isGroup: boolean;
  inThread?: boolean;
  blocked: boolean;
  /** Thread view: the parent bubble and separator above the replies. */
  header?: ReactNode;
}

/**
 * The scrolling list: older messages load at the top, the view stays pinned to the bottom
 * while the reader is there, and messages that arrive while reading older ones wait behind
 * the floating "n new messages" banner (seed 001 §4).
 */
export function MessageListView({
  list,
  scrollRef,
  me,
  isGroup,
  inThread,
  blocked,
  header,
  ...on
}: ViewProps) {
  const { t } = useTranslation('chat');
  const { state } = list;
  const pinned = useRef(true);
  const before = useRef<{ first: string | undefined; height: number; top: number }>({
    first: undefined,
    height: 0,
    top: 0,
  });

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const first = state.messages[0]?.client_id;
    const last = state.messages[state.messages.length - 1];
    const prev = before.current;
    if (prev.first !== undefined && first !== prev.first && prev.height > 0 && !pinned.current) {
      // Older messages went in front: keep the reader's place.
      el.scrollTop = el.scrollHeight - prev.height + prev.top;
    } else if (pinned.current || (last?._pending && last.sender.uid === me)) {
      el.scrollTop = el.scrollHeight;
      pinned.current = true;
    }
    before.current = { first, height: el.scrollHeight, top: el.scrollTop };
  }, [state.messages, scrollRef, me]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    pinned.current = isNearBottom(el);
    before.current = { ...before.current, height: el.scrollHeight, top: el.scrollTop };
    if (el.scrollTop <= EDGE) list.loadOlder();
    if (pinned.current && state.queued.length > 0) list.showQueued();
  };

  const jump = () => {
    pinned.current = true;
    list.showQueued();
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  return (
    <div className="chat-list-wrap">
      <section className="chat-list" ref={scrollRef} onScroll={onScroll} aria-label={t('list.label')}>
        {header}
        {state.status === 'loading' && <p className="chat-list__note">{t('list.loading')}</p>}
        {state.status === 'error' && (
          <p className="chat-list__note" role="alert">
            {t('list.error')}{' '}
            <button type="button" className="button button--small button--secondary" onClick={list.reload}>
              {t('list.retry')}
            </button>
          </p>
        )}
        {state.status === 'ready' && state.messages.length === 0 && !inThread && (
          <p className="chat-list__note">{t('list.empty')}</p>
        )}
        {state.loadingOlder && <p className="chat-list__note">{t('list.loadingOlder')}</p>}
        <ol className="chat-messages">
          {state.messages.map((m) => (
            <MessageBubble
              key={m.client_id || m.id}
              message={m}
              me={me}
              isGroup={isGroup}
              inThread={inThread}
              blocked={blocked}
              {...on}
            />
          ))}
        </ol>
      </section>
      {state.queued.length > 0 && (
        <button type="button" className="chat-new-banner" onClick={jump}>
          {t('list.newMessages', { count: state.queued.length })}
          <ArrowDownIcon size={18} />
        </button>
      )}
    </div>
  );
}
