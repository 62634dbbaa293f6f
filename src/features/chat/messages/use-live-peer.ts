import { useEffect, useState } from 'react';
import type { ChatUser, Group } from '#shared/chat/entities';
import type { ChatClient, Target } from '../client/chat-client.ts';

export interface LivePeer {
  status: 'online' | 'offline' | null;
  lastActiveAt: number | null;
  /** Who is typing here: the partner, or group members by name. */
  typing: string[];
  membersCount: number | null;
}

/** A typer who went quiet without an "end" (closed tab) stops showing after this. */
const TYPING_STALE_MS = 8000;

/**
 * The header's live facts (seed 001 §2): presence of the user, who is typing, and the
 * group's member count after join, leave, kick, ban or add.
 */
export function useLivePeer(
  client: ChatClient,
  me: string,
  target: Target,
  user?: ChatUser,
  group?: Group,
): LivePeer {
  const [peer, setPeer] = useState<LivePeer>(() => ({
    status: user?.status ?? null,
    lastActiveAt: user?.last_active_at ?? null,
    typing: [],
    membersCount: group?.members_count ?? null,
  }));
  const { receiver_type, receiver } = target;

  useEffect(() => {
    setPeer({
      status: user?.status ?? null,
      lastActiveAt: user?.last_active_at ?? null,
      typing: [],
      membersCount: group?.members_count ?? null,
    });
  }, [user?.status, user?.last_active_at, group?.members_count]);

  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const stopTyping = (name: string) => {
      clearTimeout(timers.get(name));
      timers.delete(name);
      setPeer((p) => ({ ...p, typing: p.typing.filter((n) => n !== name) }));
    };
    const off = client.on((e) => {
      if (e.type === 'presence' && receiver_type === 'user' && e.uid === receiver) {
        setPeer((p) => ({ ...p, status: e.status, lastActiveAt: e.last_active_at ?? p.lastActiveAt }));
      } else if (e.type === 'group' && receiver_type === 'group' && e.guid === receiver) {
        setPeer((p) => ({ ...p, membersCount: e.members_count }));
      } else if (e.type === 'typing' && e.uid !== me) {
        const here =
          receiver_type === 'user'
            ? e.receiver_type === 'user' && e.uid === receiver
            : e.receiver_type === 'group' && e.receiver === receiver;
        if (!here) return;
        if (e.state === 'end') return stopTyping(e.name);
        clearTimeout(timers.get(e.name));
        timers.set(
          e.name,
          setTimeout(() => stopTyping(e.name), TYPING_STALE_MS),
        );
        setPeer((p) => (p.typing.includes(e.name) ? p : { ...p, typing: [...p.typing, e.name] }));
      } else if (e.type === 'message' && e.message.sender.uid !== me && e.message.conversation_id) {
        // A message from a typer ends their typing.
        if (e.message.receiver_type === receiver_type) {
          const name = e.message.sender.name;
          if (timers.has(name)) stopTyping(name);
        }
      }
    });
    return () => {
      off();
      for (const t of timers.values()) clearTimeout(t);
    };
  }, [client, me, receiver_type, receiver]);

  return peer;
}
