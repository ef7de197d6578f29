/**
 * The photos section of the product dialog: 'Adicionar foto' (camera or gallery), up to 5, the
 * first is the cover, arrows to reorder, remove with confirmation. Everything is stored on the
 * device first, so it works offline; uploads go through the worker's queue.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { type ChangeEvent, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { LocalPhoto } from '~/db/db';
import { useDeviceStore } from '~/db/device-store-context';
import { MAX_PHOTOS } from '~/domain/photo';
import { toast } from '~/lib/toast';
import { buttonStyle } from '~/ui/button';
import { ConfirmDialog } from '~/ui/confirm-dialog';
import { addPhoto, movePhoto, productPhotos, removePhoto } from './photo-repo';
import { PHOTO_UI } from './photo-texts';
import { PhotoTile } from './photo-tile';

const MESSAGES = { full: PHOTO_UI.full, undecodable: PHOTO_UI.undecodable, quota: PHOTO_UI.quota };

function report(error: unknown): void {
  console.error('photo change failed', error);
  toast.error(PHOTO_UI.failed, '');
}

export function ProductPhotos({ productId }: { productId: string | null }) {
  const device = useDeviceStore();
  const photos = useLiveQuery(
    async () => (productId ? productPhotos(device.db, productId) : []),
    [device, productId],
    [] as LocalPhoto[],
  );
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<LocalPhoto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (!productId) {
    return <p className={css({ fontSize: 'sm', color: 'muted' })}>{PHOTO_UI.saveFirst}</p>;
  }

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
          <ul className={css({ display: 'flex', gap: '2', overflowX: 'auto', pb: '1' })}>
            {photos.map((photo, index) => (
              <PhotoTile
                key={photo.id}
                photo={photo}
                index={index}
                count={photos.length}
                onMove={(p, step) => void movePhoto(device, p, step).catch(report)}
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
            ref={input}
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
