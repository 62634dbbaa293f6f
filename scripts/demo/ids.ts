import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/**
 * A record id the device would make (UUIDv7, time-ordered), derived from the seed and a
 * key naming the record ("pond:12", "water:general:12:2026-01-03:am"). The same seed
 * gives the same ids however the generators are ordered or extended, so a second run
 * replays the same creates and the server stores nothing twice.
 */
export function demoId(seed: number, key: string, at: Date | number): string {
  const random = createHash('sha256').update(`tambak-demo:${seed}:${key}`).digest().subarray(0, 16);
  const msecs = typeof at === 'number' ? at : at.getTime();
  return uuidv7({ msecs, random: new Uint8Array(random) });
}
