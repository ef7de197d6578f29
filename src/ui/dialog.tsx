/** Modal dialog (Ark UI): a bottom-friendly centred panel with title, description and close button. */
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { buttonStyle } from './button';
import { CloseIcon } from './icons';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** What gets the focus on open; by default the first control. */
  initialFocusEl?: () => HTMLElement | null;
};

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  initialFocusEl,
}: DialogProps) {
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      initialFocusEl={initialFocusEl}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <ArkDialog.Backdrop
          className={css({
            position: 'fixed',
            inset: 0,
            bg: 'rgba(17, 24, 39, 0.55)',
            zIndex: 'overlay',
          })}
        />
        <ArkDialog.Positioner
          className={css({
            position: 'fixed',
            inset: 0,
            zIndex: 'modal',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            p: '4',
          })}
        >
          <ArkDialog.Content
            className={css({
              position: 'relative',
              bg: 'surface',
              borderRadius: '2xl',
              boxShadow: 'xl',
              w: 'full',
              maxW: 'md',
              maxH: 'calc(100dvh - 2rem)',
              overflowY: 'auto',
              p: '5',
              outline: 'none',
            })}
          >
            <ArkDialog.Title
              className={css({ fontSize: 'lg', fontWeight: 'bold', pr: '10', lineHeight: 'tight' })}
            >
              {title}
            </ArkDialog.Title>
            {description ? (
              <ArkDialog.Description className={css({ color: 'muted', fontSize: 'sm', mt: '1' })}>
                {description}
              </ArkDialog.Description>
            ) : null}
            <div className={css({ mt: '4' })}>{children}</div>
            <ArkDialog.CloseTrigger
              aria-label="Fechar"
              className={`${buttonStyle({ variant: 'ghost', size: 'icon' })} ${css({
                position: 'absolute',
                top: '2',
                right: '2',
              })}`}
            >
              <CloseIcon size={20} />
            </ArkDialog.CloseTrigger>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
