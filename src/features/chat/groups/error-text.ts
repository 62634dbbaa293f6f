import { ChatError } from '../client/chat-client.ts';

/** The adapter's ChatError already carries the server's translated message. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ChatError && error.message) return error.message;
  return fallback;
}
