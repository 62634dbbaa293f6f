/**
 * The server's log as plain lines for a person at a terminal (LOG_FORMAT=text, the
 * default): Fastify's logger writes one JSON object per line into this stream, which
 * prints just the message (and an error's message, or its stack at debug level).
 * Warnings and errors go to stderr with their level in front. LOG_FORMAT=json keeps
 * the JSON lines for log collectors.
 */
const LEVELS: Record<number, string> = { 40: 'warning', 50: 'error', 60: 'fatal' };

export function textLogStream(withStacks = false): { write(line: string): void } {
  return {
    write(line: string) {
      let entry: { level: number; msg?: string; err?: { message?: string; stack?: string } };
      try {
        entry = JSON.parse(line);
      } catch {
        process.stdout.write(line);
        return;
      }
      const error = entry.err ? (withStacks ? entry.err.stack : entry.err.message) : undefined;
      const text = [entry.msg, error].filter(Boolean).join(': ');
      const level = LEVELS[entry.level];
      (level ? process.stderr : process.stdout).write(`${level ? `${level}: ` : ''}${text}\n`);
    },
  };
}

/** Levels at which every request is logged (off otherwise: one line per request is noise). */
export const logsRequests = (level: string) => level === 'debug' || level === 'trace';
