import type { Transporter } from 'nodemailer';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
}

/** A way to deliver a message: SMTP mail, an SMS/WhatsApp provider, or the dev outbox. */
export interface MessageProvider {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * Where no provider is configured (and never in production) messages land in the
 * `dev_outbox` table: the server log prints them and GET /api/dev/outbox lists them, so a
 * self-hoster and the tests can sign in without any external service.
 */
export class DevOutboxProvider implements MessageProvider {
  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    await this.db
      .insertInto('dev_outbox')
      .values({
        id: uuidv7(),
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
      })
      .execute();
    this.log(`[dev-outbox] ${message.channel} to ${message.to}: ${message.body}`);
  }
}

export class SmtpProvider implements MessageProvider {
  /** nodemailer is loaded with the first mail, not at start (issue 32: a small idle server). */
  private transport: Promise<Transporter> | undefined;
  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    this.transport ??= import('nodemailer').then((m) => m.default.createTransport(this.smtpUrl));
    await (await this.transport).sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.body,
    });
  }
}

/** Routes each message to the provider of its channel. */
export class Messenger {
  constructor(private readonly providers: Record<OutgoingMessage['channel'], MessageProvider>) {}

  send(message: OutgoingMessage): Promise<void> {
    return this.providers[message.channel].send(message);
  }
}
