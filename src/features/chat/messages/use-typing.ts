import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ChatClient, Target } from '../client/chat-client.ts';

export const TYPING_THROTTLE_MS = 5000;

/**
 * Typing indicator out (seed 001 §7): "start" at most once per 5000 ms while typing,
 * "end" on blur or send (and when the conversation closes).
 */
export function useTypingSignal(client: ChatClient, target: Target) {
  const last = useRef(0);
  const { receiver_type, receiver } = target;
  const end = useCallback(() => {
    if (last.current === 0) return;
    last.current = 0;
    client.typing({ receiver_type, receiver }, 'end');
  }, [client, receiver_type, receiver]);
  const start = useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_THROTTLE_MS) return;
    last.current = now;
    client.typing({ receiver_type, receiver }, 'start');
  }, [client, receiver_type, receiver]);
  useEffect(() => end, [end]);
  return useMemo(() => ({ start, end }), [start, end]);
}
