/**
 * The photos section of the product dialog: 'Adicionar foto' (camera or gallery), up to 5, the
 * first is the cover, dragged or moved by arrows to reorder, remove with confirmation. Everything
 * is stored on the device first, so it works offline; uploads go through the worker's queue. A
 * new product's photos wait for its first save (photo-held.ts); a photo the server refused says
 * so with the server's message.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { type ChangeEvent, useState } from 'react';
import { css } from 'styled-system/css';
import type { LocalPhoto } from '~/db/db';
import { useDeviceStore } from '~/db/device-store-context';
import { MAX_PHOTOS } from '~/domain/photo';
import { toast } from '~/lib/toast';
import { buttonStyle } from '~/ui/button';
import { ConfirmDialog } from '~/ui/confirm-dialog';
import { photoRefusals } from './photo-refusals';
import { addPhoto, placePhoto, productPhotos, removePhoto } from './photo-repo';
import { PHOTO_UI } from './photo-texts';
import { PhotoTile } from './photo-tile';
import { usePhotoDrag } from './use-photo-drag';

const MESSAGES = { full: PHOTO_UI.full, undecodable: PHOTO_UI.undecodable, quota: PHOTO_UI.quota };
const NONE = { photos: [] as LocalPhoto[], refused: new Map<string, string>() };

function report(error: unknown): void {
  console.error('photo change failed', error);
  toast.error(PHOTO_UI.failed, '');
}

export function ProductPhotos({ productId }: { productId: string }) {
  const device = useDeviceStore();
  const { photos, refused } = useLiveQuery(
    async () => ({
      photos: await productPhotos(device.db, productId),
      refused: await photoRefusals(device.db, productId),
    }),
    [device, productId],
    NONE,
  );
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<LocalPhoto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const place = (photo: LocalPhoto, to: number) => void placePhoto(device, photo, to).catch(report);
  const { list, drag, handlers } = usePhotoDrag((id, to) => {
    const photo = photos.find((p) => p.id === id);
    if (photo) place(photo, to);
  });

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setBusy(true);
    setProblem(null);
    try {
      for (const file of files) {
        const outcome = await addPhoto(device, productId, file);
        if (outcome !== 'added') {
          setProblem(MESSAGES[outcome]);
          break;
        }
      }
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="photos-title" className={css({ display: 'grid', gap: '2' })}>
      <p id="photos-title" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
        {PHOTO_UI.title}
      </p>
      {photos.length > 0 ? (
        <>
          <ul ref={list} className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
            {photos.map((photo, index) => (
              <PhotoTile
                key={photo.id}
                photo={photo}
                index={index}
                count={photos.length}
                refusal={refused.get(photo.id)}
                offset={drag?.id === photo.id && drag.moved ? drag : null}
                target={drag?.moved === true && drag.id !== photo.id && drag.over === index}
                drag={handlers(photo.id, index)}
                onMove={place}
                onRemove={setRemoving}
              />
            ))}
          </ul>
          <p className={css({ fontSize: 'xs', color: 'muted' })}>{PHOTO_UI.hint}</p>
        </>
      ) : null}
      {problem ? (
        <p role="alert" className={css({ fontSize: 'sm', color: 'red.700' })}>
          {problem}
        </p>
      ) : null}
      {photos.length < MAX_PHOTOS ? (
        <label className={buttonStyle({ variant: 'outline' })} aria-busy={busy || undefined}>
          {PHOTO_UI.add}
          <input
            type="file"
            accept="image/*"
            multiple
            disabled={busy}
            onChange={(event) => void onFiles(event)}
            className={css({ srOnly: true })}
            data-testid="photo-input"
          />
        </label>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={PHOTO_UI.removeTitle}
        description={PHOTO_UI.removeText}
        confirmLabel={PHOTO_UI.removeConfirm}
        onConfirm={async () => {
          if (removing) await removePhoto(device, removing);
          setRemoving(null);
        }}
      />
    </section>
  );
}
