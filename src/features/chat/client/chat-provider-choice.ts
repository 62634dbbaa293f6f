import type { ApiClient } from '#local/api-client';
import type { ChatProviderInfo } from '#shared/chat/rest';

const KEY = 'tambak.chat-provider';

/**
 * Which chat this installation runs (GET /api/chat/provider, issue 18 point 4). The answer
 * is remembered on the device, so a start without signal connects to the same chat as
 * before; with nothing remembered the built-in chat is the default.
 */
export async function chatProviderChoice(api: ApiClient): Promise<ChatProviderInfo> {
  try {
    const data = await api.get<ChatProviderInfo>('/chat/provider');
    try {
      localStorage.setItem(KEY, JSON.stringify(data));
    } catch {
      // Storage full or blocked: the answer is still used now.
    }
    return data;
  } catch {
    try {
      const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as ChatProviderInfo | null;
      if (kept && (kept.provider === 'selfhosted' || kept.provider === 'hosted')) return kept;
    } catch {
      // Unreadable: the default below.
    }
    return { provider: 'selfhosted' };
  }
}
