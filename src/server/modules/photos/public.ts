/** What other modules may take from photos: the photos attached to their records. */
export type { PhotoRepository } from './photos.repository.ts';
