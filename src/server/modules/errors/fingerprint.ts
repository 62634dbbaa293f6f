import { createHash } from 'node:crypto';
import type { MappedFrame } from '#shared/contracts/errors';

/** Frames that decide the group: the top of the stack, where it went wrong. */
const TOP_FRAMES = 5;

/** A chunk name without its content hash (`index-B2x9fQ.js` → `index.js`), so an unmapped frame groups across builds. */
const unhashed = (file: string) => file.replace(/-[A-Za-z0-9_]{6,}(\.js)$/, '$1');

/**
 * The group of an error: its name, its message with numbers made alike ("after 3 s" and
 * "after 5 s" are one error) and its top frames in the source (mapped) or the chunk
 * (unmapped, without the hash). Lines count for mapped frames only: a chunk's line moves
 * with every build.
 */
export function fingerprint(name: string, message: string, frames: MappedFrame[]): string {
  const hash = createHash('sha256').update(name).update('\n').update(message.replace(/\d+/g, '0'));
  for (const f of frames.slice(0, TOP_FRAMES)) {
    hash.update(`\n${f.fn}@${f.mapped ? `${f.file}:${f.line}` : unhashed(f.file)}`);
  }
  return hash.digest('hex').slice(0, 32);
}
