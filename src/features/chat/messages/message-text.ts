import type { TFunction } from 'i18next';
import type { Message } from '#shared/chat/entities';

/**
 * Words for messages that are not plain text: group action messages (text = event name,
 * details in customData: seed 001 §4 "Group events add an action message"), call messages
 * (text by status, §4 "Calls") and the one-line preview of the conversation list.
 */
type T = TFunction<'chat'>;
type Names = (uid: string) => string | undefined;

const custom = (m: Message) => (m.data.customData ?? {}) as Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

const ACTIONS = [
  'joined',
  'left',
  'kicked',
  'banned',
  'unbanned',
  'added',
  'scope_changed',
  'deleted',
] as const;

export function actionText(m: Message, t: T, me: string, names: Names = () => undefined): string {
  const data = custom(m);
  const event = str(data.action) ?? m.text ?? '';
  if (!(ACTIONS as readonly string[]).includes(event)) return t('action.unknown');
  const who = (uid: string | undefined, fallback?: string) =>
    uid === me ? t('you') : ((uid && names(uid)) ?? fallback ?? t('action.someone'));
  const actorId = str(data.actor) ?? m.sender.uid;
  const targetId = str(data.target);
  const scope = str(data.scope);
  return t(`action.${event as (typeof ACTIONS)[number]}`, {
    actor: who(actorId, str(data.actor_name) ?? (actorId === m.sender.uid ? m.sender.name : undefined)),
    target: who(targetId, str(data.target_name)),
    scope: scope ? t(`action.scope.${scope as 'admin'}`, { defaultValue: scope }) : '',
  });
}

/** Call messages: customData.status (initiated, ongoing, unanswered, rejected, cancelled, ended, busy), type audio|video. */
export function callText(m: Message, t: T, me: string): string {
  const data = custom(m);
  const status = str(data.status) ?? m.text ?? '';
  const video = str(data.type) === 'video' || str(data.call_type) === 'video';
  const mine = (str(data.initiator) ?? str(data.callInitiator) ?? m.sender.uid) === me;
  switch (status) {
    case 'initiated':
      if (m.receiver_type === 'group' && !mine) return t('call.rejected');
      return t(`call.${mine ? 'outgoing' : 'incoming'}${video ? 'Video' : 'Audio'}`);
    case 'ongoing':
    case 'accepted':
    case 'joined':
    case 'left':
      return t('call.ongoing');
    case 'unanswered':
      return t(mine ? 'call.unanswered' : 'call.missed');
    case 'rejected':
    case 'cancelled':
    case 'ended':
    case 'busy':
      return t(`call.${status}`);
    default:
      return t(`call.${mine ? 'outgoing' : 'incoming'}${video ? 'Video' : 'Audio'}`);
  }
}

/** One line for the conversation list. */
export function previewText(m: Message, t: T, me: string): string {
  if (m.deleted_at) return t(m.sender.uid === me ? 'bubble.deletedMine' : 'preview.deleted');
  if (m.category === 'action') return actionText(m, t, me);
  if (m.category === 'call') return callText(m, t, me);
  let text: string;
  switch (m.type) {
    case 'image':
    case 'video':
    case 'audio':
    case 'file':
    case 'sticker':
      text = t(`preview.${m.type}`);
      break;
    case 'poll':
      text = t('preview.poll', { question: str(custom(m).question) ?? m.text ?? '' });
      break;
    default:
      text = m.text ?? '';
  }
  return m.sender.uid === me ? t('conversations.lastFromMe', { text }) : text;
}

/** Bytes as "12 KB" / "1,5 MB" for file bubbles. */
export function fileSize(bytes: number | undefined, language: string): string {
  if (bytes === undefined) return '';
  const locale = language === 'en' ? 'en-GB' : 'id-ID';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
}
