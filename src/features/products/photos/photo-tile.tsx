/** One photo in the product dialog: the image, 'Capa' on the first, arrows and remove. */
import { css } from 'styled-system/css';
import type { LocalPhoto } from '~/db/db';
import { PHOTO_UI } from './photo-texts';
import { usePhotoUrl } from './use-photo-url';

type Props = {
  photo: LocalPhoto;
  index: number;
  count: number;
  onMove: (photo: LocalPhoto, step: -1 | 1) => void;
  onRemove: (photo: LocalPhoto) => void;
};

const iconButton = css({
  minW: '11',
  h: '11',
  borderRadius: 'md',
  bg: 'white',
  borderWidth: '1px',
  borderColor: 'gray.300',
  color: 'gray.800',
  fontSize: 'lg',
  cursor: 'pointer',
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
});

export function PhotoTile({ photo, index, count, onMove, onRemove }: Props) {
  const url = usePhotoUrl(photo.blob);
  return (
    <li
      data-testid="product-photo"
      className={css({ display: 'flex', flexDir: 'column', gap: '1', w: '36', flexShrink: 0 })}
    >
      <div className={css({ position: 'relative' })}>
        {url ? (
          <img
            src={url}
            alt={`Foto ${index + 1} de ${count}`}
            className={css({ w: '36', h: '36', objectFit: 'cover', borderRadius: 'md' })}
          />
        ) : (
          <div className={css({ w: '36', h: '36', bg: 'gray.100', borderRadius: 'md' })} />
        )}
        {index === 0 ? (
          <span
            className={css({
              position: 'absolute',
              top: '1',
              left: '1',
              px: '2',
              borderRadius: 'full',
              bg: 'green.800',
              color: 'white',
              fontSize: 'xs',
              fontWeight: 'semibold',
            })}
          >
            {PHOTO_UI.cover}
          </span>
        ) : null}
      </div>
      {photo.state === 'waiting' ? (
        <span className={css({ fontSize: 'xs', color: 'gray.700' })}>{PHOTO_UI.waiting}</span>
      ) : null}
      <div className={css({ display: 'flex', gap: '1' })}>
        <button
          type="button"
          className={iconButton}
          aria-label={PHOTO_UI.moveBefore}
          disabled={index === 0}
          onClick={() => onMove(photo, -1)}
        >
          ←
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={PHOTO_UI.moveAfter}
          disabled={index === count - 1}
          onClick={() => onMove(photo, 1)}
        >
          →
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={PHOTO_UI.remove}
          onClick={() => onRemove(photo)}
        >
          ×
        </button>
      </div>
    </li>
  );
}
