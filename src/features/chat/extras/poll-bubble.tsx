import '../register-locales.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message, PollResults } from '#shared/chat/entities';
import { CheckIcon } from '../chat-icons.ts';
import { useChatClient } from '../client/chat-context.tsx';
import { pollView } from './poll-data.ts';
import { useChatEvent } from './use-chat-event.ts';
import './extras.css';

/**
 * A poll: the question, each option with its count and share, the user's own vote marked.
 * Votes in a received poll (seed 001 §7: any user votes on a received poll); results follow
 * the live `poll` events. A failed vote is only logged (seed 001 §8).
 */
export function PollBubble({ message, mine }: { message: Message; mine: boolean }) {
  const { t } = useTranslation('chatExtras');
  const client = useChatClient();
  const [results, setResults] = useState<PollResults | undefined>(message.data.poll);
  const [seen, setSeen] = useState(message.data.poll);
  if (seen !== message.data.poll) {
    // The list replaced the message (reload, edit): its results are the newer truth.
    setSeen(message.data.poll);
    setResults(message.data.poll);
  }
  useChatEvent((event) => {
    if (event.type === 'poll' && event.message_id === message.id) setResults(event.poll);
  });
  const view = pollView(message, results, client?.me?.uid ?? null);
  const canVote = !mine && Boolean(client) && !message.deleted_at;

  const vote = (key: string) => {
    if (!client || key === view.myVote) return;
    client.vote(message.id, Number(key)).catch((error: unknown) => console.warn('[chat] vote failed', error));
  };

  return (
    <div className="poll-bubble">
      <p className="poll-bubble__label">{t('poll.label')}</p>
      <p className="poll-bubble__question">{view.question}</p>
      <ul className="poll-bubble__options">
        {view.options.map((o) => {
          const body = (
            <>
              <span className="poll-bubble__bar" style={{ width: `${o.percent}%` }} aria-hidden="true" />
              <span className="poll-bubble__text">
                {o.mine && <CheckIcon className="poll-bubble__check" />}
                {o.text}
                {o.mine && <span className="visually-hidden"> ({t('poll.yourVote')})</span>}
              </span>
              <span className="poll-bubble__count">
                {o.percent}% · {t('poll.votes', { count: o.count })}
              </span>
            </>
          );
          return (
            <li key={o.key} className={`poll-bubble__option${o.mine ? ' poll-bubble__option--mine' : ''}`}>
              {canVote ? (
                <button
                  type="button"
                  className="poll-bubble__choice"
                  aria-pressed={o.mine}
                  aria-label={`${t('poll.vote', { option: o.text })}, ${o.percent}%, ${t('poll.votes', { count: o.count })}`}
                  onClick={() => vote(o.key)}
                >
                  {body}
                </button>
              ) : (
                <div className="poll-bubble__choice">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="poll-bubble__total">{t('poll.total', { count: view.total })}</p>
    </div>
  );
}
