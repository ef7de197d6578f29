/** The campaign's optional image: file picker, 5 MB check before anything is sent, preview. */
import { useId, useRef } from 'react';
import { css } from 'styled-system/css';
import { toast } from '~/lib/toast';
import { Button, buttonStyle } from '~/ui/button';
import { labelStyle } from '~/ui/field';
import { TrashIcon, UploadIcon } from '~/ui/icons';
import { framed } from '~/ui/styles';
import { IMAGE_MAX_BYTES } from './format';

export type PickedImage = { dataUrl: string; name: string };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

type Props = {
  image: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  disabled?: boolean;
};

export function ImagePicker({ image, onChange, disabled }: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      toast.error('Arquivo muito grande', 'A imagem deve ter no máximo 5MB');
      return;
    }
    try {
      onChange({ dataUrl: await readAsDataUrl(file), name: file.name });
    } catch {
      toast.error('Não foi possível ler a imagem', 'Escolha outro arquivo.');
    }
  };

  return (
    <div
      className={css({
        // The file input is visually hidden: its focus shows on what stands for it.
        '&:has(input:focus-visible) [data-pick]': {
          outline: '2px solid',
          outlineColor: 'primary',
          outlineOffset: '2px',
        },
      })}
    >
      <label htmlFor={inputId} className={labelStyle}>
        Imagem (opcional)
      </label>
      {image ? (
        <div className={css({ display: 'grid', gap: '2' })}>
          <img
            src={image.dataUrl}
            alt="Imagem escolhida para a campanha"
            className={css(framed, { w: 'full', maxH: '56', objectFit: 'contain', bg: 'gray.100' })}
          />
          <div
            className={css({
              display: 'flex',
              flexWrap: 'wrap',
              gap: '2',
              '& button': { whiteSpace: 'nowrap' },
            })}
          >
            <Button
              variant="outline"
              size="sm"
              disabled={disabled}
              onClick={() => input.current?.click()}
            >
              <UploadIcon size={16} />
              Trocar imagem
            </Button>
            <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(null)}>
              <TrashIcon size={16} />
              Remover imagem
            </Button>
          </div>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          data-pick=""
          className={`${buttonStyle({ variant: 'outline', full: true })} ${css({
            borderStyle: 'dashed',
            minH: '20',
            color: 'muted',
          })}`}
        >
          <UploadIcon size={18} />
          Escolher imagem (até 5MB)
        </label>
      )}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={disabled}
        className={css({ srOnly: true })}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
    </div>
  );
}
