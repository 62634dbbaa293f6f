import type webpushType from 'web-push';
import type { Message } from '#shared/chat/entities';
import type { PushPayload, PushSubscriptionBody } from '#shared/contracts/push';
import type { Language } from '#shared/i18n/language';
import { isLanguage } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';
import type { Db } from '../../db/database.ts';
import type { FcmSender } from './fcm.ts';
import type { PushRepository, StoredSubscription, VapidKeys } from './push.repository.ts';

export type PushSender = typeof webpushType.sendNotification;

/** web-push (and its crypto libraries) loaded on the first push or key, not at start (issue 32). */
const loadWebPush = () => import('web-push').then((m) => m.default);

export interface PushDeps {
  repo: PushRepository;
  db: Db;
  /** `mailto:` address or https URL the push services may contact (VAPID subject). */
  subject: string;
  log: (line: string) => void;
  send?: PushSender;
  /** Firebase Cloud Messaging, when configured (fcm.ts): alerts go to FCM tokens too. */
  fcm?: FcmSender | null;
}

const languageOf = (value: string): Language => (isLanguage(value) ? value : 'id');

const PREVIEW = 120;

/**
 * Web Push with VAPID (ARCHITECTURE.md §6). Chat messages are pushed to recipients who
 * have no chat socket open on any instance; the payload is already in the recipient's
 * language. Sending happens after the message committed and never fails the send: a
 * push service that is down only costs the notification; a 404/410 answer means the
 * browser dropped the subscription, so the row goes too.
 */
export class PushService {
  private keyPair: Promise<VapidKeys> | null = null;
  private readonly send: PushSender;

  constructor(private readonly d: PushDeps) {
    this.send = d.send ?? (async (...args) => (await loadWebPush()).sendNotification(...args));
  }

  /** Firebase Cloud Messaging when configured, else null (VAPID only). */
  get fcm(): FcmSender | null {
    return this.d.fcm ?? null;
  }

  keys(): Promise<VapidKeys> {
    this.keyPair ??= this.d.repo
      .keys(async () => (await loadWebPush()).generateVAPIDKeys())
      .catch((error) => {
        this.keyPair = null;
        throw error;
      });
    return this.keyPair;
  }

  async subscribe(userId: string, body: PushSubscriptionBody): Promise<void> {
    await this.d.repo.save({ endpoint: body.endpoint, user_id: userId, ...body.keys });
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.d.repo.remove(userId, endpoint);
  }

  /** Fire and forget from the chat engine: logs, never throws. */
  afterChatMessage(message: Message, recipients: string[]): void {
    this.notifyChat(message, recipients).catch((error) =>
      this.d.log(`[push] chat notification failed: ${(error as Error).message}`),
    );
  }

  /** Pushes one chat message to its offline recipients; answers how many pushes were accepted. */
  async notifyChat(message: Message, recipients: string[]): Promise<number> {
    if (message.category === 'action' || message.parent_id) return 0;
    const others = recipients.filter((uid) => uid !== message.sender.uid);
    const offline = await this.d.repo.offline(others);
    const subs = await this.d.repo.forUsers(offline);
    if (subs.length === 0) return 0;
    const groupName =
      message.receiver_type === 'group'
        ? ((
            await this.d.db
              .selectFrom('chat_groups')
              .select('name')
              .where('guid', '=', message.receiver_id)
              .executeTakeFirst()
          )?.name ?? null)
        : null;
    return this.deliver(subs, (sub) => chatPayload(message, groupName, languageOf(sub.language)), 'high');
  }

  /**
   * Pushes to every subscription of these users (farm alerts: to every device, open or
   * not); `payloadFor` words it per user and language, null skips the user. Answers how
   * many pushes the push services accepted. FCM tokens get it too when FCM is configured.
   */
  async notifyUsers(
    userIds: string[],
    payloadFor: (userId: string, lang: Language) => PushPayload | null,
  ): Promise<number> {
    const subs = await this.d.repo.forUsers(userIds);
    const viaWebPush = await this.deliver(
      subs,
      (sub) => payloadFor(sub.user_id, languageOf(sub.language)),
      'normal',
    );
    const viaFcm = this.d.fcm ? await this.d.fcm.notifyUsers(userIds, payloadFor) : 0;
    return viaWebPush + viaFcm;
  }

  /** Sends one payload per subscription; a 404/410 answer removes the subscription. */
  private async deliver(
    subs: (StoredSubscription & { language: string })[],
    payloadOf: (sub: StoredSubscription & { language: string }) => PushPayload | null,
    urgency: 'high' | 'normal',
  ): Promise<number> {
    if (subs.length === 0) return 0;
    const keys = await this.keys();
    const results = await Promise.all(
      subs.map(async (sub) => {
        const payload = payloadOf(sub);
        if (!payload) return 0;
        try {
          await this.send(
            { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
            JSON.stringify(payload),
            {
              vapidDetails: {
                subject: this.d.subject,
                publicKey: keys.publicKey,
                privateKey: keys.privateKey,
              },
              TTL: 24 * 3600,
              urgency,
              topic: topicOf(payload.tag),
            },
          );
          await this.d.repo.sent(sub.endpoint);
          return 1;
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) await this.d.repo.forget(sub.endpoint);
          else
            this.d.log(`[push] ${sub.endpoint.slice(0, 60)} answered ${status ?? (error as Error).message}`);
          return 0;
        }
      }),
    );
    return results.reduce<number>((a, b) => a + b, 0);
  }
}

/** Topic header: at most 32 URL-safe characters; a newer push of one conversation replaces an undelivered older one. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '').slice(-32);
}

export function chatPayload(message: Message, groupName: string | null, lang: 'id' | 'en'): PushPayload {
  const name = message.sender.name;
  const text = previewOf(message, lang);
  const inGroup = message.receiver_type === 'group';
  return {
    title: inGroup ? (groupName ?? translate(lang, 'push.new-message')) : name,
    body: inGroup ? translate(lang, 'push.in-group', { name, text }) : text,
    url: inGroup ? `/chat?group_id=${encodeURIComponent(message.receiver_id)}` : '/chat',
    tag: message.conversation_id,
  };
}

function previewOf(message: Message, lang: 'id' | 'en'): string {
  if (message.category === 'call') return translate(lang, 'push.call', { name: message.sender.name });
  const clip = (s: string) => (s.length > PREVIEW ? `${s.slice(0, PREVIEW - 1)}…` : s);
  switch (message.type) {
    case 'text':
      return clip(message.text ?? '');
    case 'poll': {
      const question = (message.data.customData?.question as string | undefined) ?? message.text ?? '';
      return translate(lang, 'push.poll', { text: clip(question) });
    }
    case 'image':
    case 'video':
    case 'audio':
    case 'file':
    case 'sticker':
      return message.data.caption
        ? `${translate(lang, `push.${message.type}`)} ${clip(message.data.caption)}`
        : translate(lang, `push.${message.type}`);
  }
}

/** VAPID subject from MAIL_FROM ("Name <addr>" or "addr"), else the public URL. */
export function vapidSubject(mailFrom: string, publicUrl: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  if (/^[^@\s]+@[^@\s]+$/.test(address)) return `mailto:${address}`;
  return publicUrl.startsWith('https://') ? publicUrl : 'mailto:admin@tambak.local';
}
