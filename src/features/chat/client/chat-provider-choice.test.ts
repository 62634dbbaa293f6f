// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '#local/api-client';
import { chatProviderChoice } from './chat-provider-choice.ts';

const HOSTED = { provider: 'hosted' as const, app_id: 'a1', region: 'eu', auth_key: 'k' };
const answering = (answer: unknown | Error) =>
  ({
    get: async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    },
  }) as unknown as ApiClient;

describe('which chat the browser runs (GET /api/chat/provider)', () => {
  beforeEach(() => localStorage.clear());

  it('takes the server’s answer and remembers it for a start without signal', async () => {
    expect(await chatProviderChoice(answering(HOSTED))).toEqual(HOSTED);
    expect(await chatProviderChoice(answering(new Error('offline')))).toEqual(HOSTED);
    expect(await chatProviderChoice(answering({ provider: 'selfhosted' }))).toEqual({
      provider: 'selfhosted',
    });
    expect(await chatProviderChoice(answering(new Error('offline')))).toEqual({ provider: 'selfhosted' });
  });

  it('is the built-in chat when nothing is known or the kept answer is unreadable', async () => {
    expect(await chatProviderChoice(answering(new Error('offline')))).toEqual({ provider: 'selfhosted' });
    localStorage.setItem('tambak.chat-provider', '{broken');
    expect(await chatProviderChoice(answering(new Error('offline')))).toEqual({ provider: 'selfhosted' });
  });
});
