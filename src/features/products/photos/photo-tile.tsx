/**
 * One photo in the product dialog: the image (dragged to reorder), 'Capa' on the first, its state
 * ('Aguardando conexão', or the server's refusal), arrows and remove.
 */
import { css, cx } from 'styled-system/css';
import type { LocalPhoto } from '~/db/db';
import { PHOTO_UI } from './photo-texts';
import type { DragHandlers } from './use-photo-drag';
import { usePhotoUrl } from './use-photo-url';

type Props = {
  photo: LocalPhoto;
  index: number;
  count: number;
  /** The server's message when it refused this photo. */
  refusal: string | undefined;
  /** Where the dragged photo is now (px from its place), or null when it is not dragged. */
  offset: { dx: number; dy: number } | null;
  /** Another photo is dragged over this one's place. */
  target: boolean;
  drag: DragHandlers;
  onMove: (photo: LocalPhoto, to: number) => void;
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

const imageStyle = css({
  w: '36',
  h: '36',
  objectFit: 'cover',
  borderRadius: 'md',
  // The photo is the drag handle: a finger moving on it drags it instead of scrolling.
  touchAction: 'none',
  userSelect: 'none',
  cursor: 'grab',
});

const coverBadge = css({
  position: 'absolute',
  top: '1',
  left: '1',
  px: '2',
  borderRadius: 'full',
  bg: 'green.800',
  color: 'white',
  fontSize: 'xs',
  fontWeight: 'semibold',
});

function PhotoState({ photo, refusal }: Pick<Props, 'photo' | 'refusal'>) {
  if (refusal !== undefined) {
    return (
      <span data-testid="photo-refused" className={css({ fontSize: 'xs', color: 'red.700' })}>
        {PHOTO_UI.refused} {refusal}
      </span>
    );
  }
  if (photo.state !== 'waiting') return null;
  return <span className={css({ fontSize: 'xs', color: 'gray.700' })}>{PHOTO_UI.waiting}</span>;
}

export function PhotoTile(props: Props) {
  const { photo, index, count, refusal, offset, target, drag, onMove, onRemove } = props;
  const url = usePhotoUrl(photo.blob);
  return (
    <li
      data-testid="product-photo"
      data-photo-id={photo.id}
      className={cx(
        css({ display: 'flex', flexDir: 'column', gap: '1', w: '36' }),
        target ? css({ outline: '2px dashed', outlineColor: 'green.700', borderRadius: 'md' }) : '',
      )}
      style={
        offset
          ? { transform: `translate(${offset.dx}px, ${offset.dy}px)`, zIndex: 1, opacity: 0.85 }
          : undefined
      }
    >
      <div className={css({ position: 'relative' })}>
        {url ? (
          <img
            src={url}
            alt={`Foto ${index + 1} de ${count}`}
            className={imageStyle}
            draggable={false}
            {...drag}
          />
        ) : (
          <div className={css({ w: '36', h: '36', bg: 'gray.100', borderRadius: 'md' })} />
        )}
        {index === 0 ? <span className={coverBadge}>{PHOTO_UI.cover}</span> : null}
      </div>
      <PhotoState photo={photo} refusal={refusal} />
      <div className={css({ display: 'flex', gap: '1' })}>
        <button
          type="button"
          className={iconButton}
          aria-label={PHOTO_UI.moveBefore}
          disabled={index === 0 || refusal !== undefined}
          onClick={() => onMove(photo, index - 1)}
        >
          ←
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={PHOTO_UI.moveAfter}
          disabled={index === count - 1 || refusal !== undefined}
          onClick={() => onMove(photo, index + 1)}
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
