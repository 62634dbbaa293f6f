/**
 * Sends a text message through the WhatsApp Business Cloud API (Meta Graph API):
 * `POST {graph}/{version}/{phone_number_id}/messages` with a bearer token, body
 * `{ messaging_product: 'whatsapp', to, type: 'text', text: { body } }`, answered
 * `{ messages: [{ id }] }`. Configured by environment (docs/operations.md):
 * WHATSAPP_CLOUD_TOKEN, WHATSAPP_PHONE_NUMBER_ID, optional WHATSAPP_GRAPH_URL
 * (default https://graph.facebook.com) and WHATSAPP_API_VERSION (default v21.0).
 * Without the token and number id the app uses the click-to-chat link instead.
 */
export interface WhatsAppCloudConfig {
  token: string;
  phoneNumberId: string;
  graphUrl: string;
  apiVersion: string;
  timeoutMs: number;
}

export function whatsappConfigFromEnv(env: Record<string, string | undefined>): WhatsAppCloudConfig | null {
  const token = env.WHATSAPP_CLOUD_TOKEN?.trim();
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim();
  if (!token || !phoneNumberId) return null;
  return {
    token,
    phoneNumberId,
    graphUrl: (env.WHATSAPP_GRAPH_URL?.trim() || 'https://graph.facebook.com').replace(/\/+$/, ''),
    apiVersion: env.WHATSAPP_API_VERSION?.trim() || 'v21.0',
    timeoutMs: 10_000,
  };
}

export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export class WhatsAppCloudClient {
  constructor(
    private readonly config: WhatsAppCloudConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** Sends `text` to `to` (digits, international, no plus); answers Meta's message id. */
  async sendText(to: string, text: string): Promise<string> {
    const c = this.config;
    const url = `${c.graphUrl}/${encodeURIComponent(c.apiVersion)}/${encodeURIComponent(c.phoneNumberId)}/messages`;
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'text',
          text: { preview_url: false, body: text },
        }),
        signal: AbortSignal.timeout(c.timeoutMs),
      });
    } catch (error) {
      throw new WhatsAppSendError(`WhatsApp Cloud API unreachable: ${(error as Error).message}`, null);
    }
    const body = (await res.json().catch(() => null)) as {
      messages?: { id?: string }[];
      error?: { message?: string };
    } | null;
    if (!res.ok)
      throw new WhatsAppSendError(
        `WhatsApp Cloud API ${res.status}: ${body?.error?.message ?? ''}`,
        res.status,
      );
    const id = body?.messages?.[0]?.id;
    if (!id) throw new WhatsAppSendError('WhatsApp Cloud API answered no message id', res.status);
    return id;
  }
}
