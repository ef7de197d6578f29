/** The marker of a settings section changed on the device: waiting for the connection, or refused. */
import { css } from 'styled-system/css';

/** A section's change on the device: waiting for the connection, or refused with the server's message. */
type SectionState = { refusal: string | null };

const boxStyle = css({
  borderRadius: 'lg',
  borderWidth: '1px',
  px: '4',
  py: '3',
  fontSize: 'sm',
});

export function PendingNotice({ state }: { state: SectionState | undefined }) {
  if (!state) return null;
  if (state.refusal) {
    return (
      <div
        role="alert"
        data-testid="settings-refused"
        className={`${boxStyle} ${css({ bg: 'red.50', borderColor: 'red.300', color: 'red.900' })}`}
      >
        <strong>Alteração recusada pelo servidor:</strong> {state.refusal}
        <br />
        Os valores que você digitou estão abaixo: corrija e salve de novo.
      </div>
    );
  }
  return (
    <div
      role="status"
      data-testid="settings-pending"
      className={`${boxStyle} ${css({ bg: 'amber.50', borderColor: 'amber.300', color: 'amber.900' })}`}
    >
      <strong>Aguardando conexão</strong> — as alterações estão salvas no aparelho e serão enviadas
      quando a internet voltar.
    </div>
  );
}
