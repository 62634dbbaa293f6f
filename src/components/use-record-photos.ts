import { useEffect, useState } from 'react';
import type { PickedPhoto, PickerPhoto } from './photo-picker.tsx';

/**
 * The photos of some records, live from the device's mirror (uploads settling, pulls),
 * and the writes that add or remove one. Dexie and the data layer are imported on first
 * use, so a screen that shows photos costs the first load nothing (src/components rule).
 */
export function useRecordPhotos(recordType: string, recordIds: string[]): Map<string, PickerPhoto[]> {
  const [photos, setPhotos] = useState<Map<string, PickerPhoto[]>>(new Map());
  const key = recordIds.join(',');
  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    const ids = key ? key.split(',') : [];
    void Promise.all([import('dexie'), import('#local/db'), import('#local/photos')]).then(
      ([{ liveQuery }, { getDb }, { photosOf }]) => {
        if (cancelled) return;
        const db = getDb();
        const sub = liveQuery(() => photosOf(db, recordType, ids)).subscribe({
          next: (value) => setPhotos(value),
          error: (error: unknown) => console.error('photos query failed', error),
        });
        unsubscribe = () => sub.unsubscribe();
      },
    );
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [recordType, key]);
  return photos;
}

export interface PhotoTargetRef {
  farmId: string;
  recordType: string;
  recordId: string;
  pondId?: string | null;
}

/** Stores picked photos of a saved record (queued for upload behind the record). */
export async function addRecordPhotos(target: PhotoTargetRef, picked: PickedPhoto[]): Promise<void> {
  const [{ getDb }, { addPhotos }] = await Promise.all([import('#local/db'), import('#local/photos')]);
  await addPhotos(getDb(), target, picked);
}

export async function removeRecordPhoto(id: string): Promise<void> {
  const [{ getDb }, { removePhoto }] = await Promise.all([import('#local/db'), import('#local/photos')]);
  await removePhoto(getDb(), id);
}
