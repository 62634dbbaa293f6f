import type { Message, PollResults } from '#shared/chat/entities';
import { validatePoll } from '#shared/chat/rules';

export interface PollOptionView {
  /** 1-based option index as the server keys it. */
  key: string;
  text: string;
  count: number;
  percent: number;
  mine: boolean;
}

export interface PollView {
  question: string;
  total: number;
  options: PollOptionView[];
  /** The option the user voted for, if any. */
  myVote: string | null;
}

/** A poll message plus its latest results → what the bubble shows. */
export function pollView(message: Message, results: PollResults | undefined, me: string | null): PollView {
  const custom = (message.data.customData ?? {}) as { question?: string; options?: Record<string, string> };
  const texts = custom.options ?? {};
  const keys = [...new Set([...Object.keys(texts), ...Object.keys(results?.options ?? {})])].sort(
    (a, b) => Number(a) - Number(b),
  );
  const total = results?.total ?? 0;
  let myVote: string | null = null;
  const options = keys.map((key) => {
    const r = results?.options[key];
    const count = r?.count ?? 0;
    const mine = Boolean(me && r?.voters[me]);
    if (mine) myVote = key;
    return {
      key,
      text: texts[key] ?? r?.text ?? key,
      count,
      percent: total > 0 ? Math.round((count / total) * 100) : 0,
      mine,
    };
  });
  return { question: custom.question ?? message.text ?? '', total, options, myVote };
}

export interface PollDraft {
  question: string;
  options: string[];
}

export interface PollDraftErrors {
  question?: string;
  options?: (string | undefined)[];
}

/** The shared rule (seed 001 §6) in the shape the form shows, messages translated by `t`. */
export function pollDraftErrors(draft: PollDraft, t: (key: string) => string): PollDraftErrors {
  const rule = validatePoll(draft.question, draft.options);
  const errors: PollDraftErrors = {};
  if (rule.question) errors.question = t(rule.question);
  const options = draft.options.map((_, i) =>
    rule[`options.${i}`] ? t(rule[`options.${i}`] as string) : undefined,
  );
  if (options.some(Boolean)) errors.options = options;
  return errors;
}
