/**
 * The Pix step between the review and 'Campanha Enviada!': amount and clients, the QR code, the
 * copy-and-paste code, a countdown; it moves on by itself once the server says the payment is in.
 */
import { type RefObject, useRef } from 'react';
import { css } from 'styled-system/css';
import { formatBRL } from '~/domain/money';
import type { PaymentJson } from '~/domain/pix/payment';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { CopyIcon } from '~/ui/icons';
import { warningNote } from '~/ui/notes';
import { Spinner } from '~/ui/spinner';
import { centerRow, framed, touchLink } from '~/ui/styles';
import type { Campaign } from './api';
import { clientsText } from './format';
import { countdownLabel, countdownText, settledText } from './payment-state';
import { usePixPayment } from './use-pix-payment';

type Props = {
  campaign: Campaign | null;
  payment: PaymentJson | null;
  open: boolean;
  online: boolean;
  /** A new charge is being asked for ('Gerar novo código'). */
  renewing: boolean;
  onRenew: () => void;
  onPaid: (payment: PaymentJson) => void;
  onClose: () => void;
};

const row = css({ display: 'flex', justifyContent: 'space-between', gap: '3', fontSize: 'sm' });

async function copy(code: string, field: HTMLTextAreaElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(code);
    toast.success('Código copiado!', 'Cole no app do seu banco, em Pix copia e cola.');
  } catch {
    // No clipboard access (old browser, permission): select it so a long press copies it.
    field?.focus();
    field?.select();
    toast.error(
      'Não foi possível copiar',
      'O código está selecionado: toque e segure para copiar.',
    );
  }
}

export function PaymentDialog(props: Props) {
  const { campaign, open, online, renewing, onRenew, onPaid, onClose } = props;
  const view = usePixPayment({ payment: props.payment, open, online, onPaid });
  const field = useRef<HTMLTextAreaElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  const payment = view.payment;
  const payable = view.phase === 'pending' || view.phase === 'paid';

  return (
    <Dialog
      open={open && campaign !== null && payment !== null}
      onOpenChange={(next) => !next && onClose()}
      title="Pagamento via Pix"
      description="Pague com o app do seu banco para enviar a campanha."
      // The one thing to do on the phone itself: copy the code (a QR cannot scan its own screen).
      initialFocusEl={() => copyButton.current}
    >
      {campaign && payment ? (
        <div className={css({ display: 'grid', gap: '4' })} data-testid="pix-payment">
          <div className={css({ display: 'grid', gap: '2' })}>
            <p className={row}>
              <span className={css({ color: 'muted' })}>Valor</span>
              <strong data-testid="pix-amount" className={css({ fontSize: 'lg' })}>
                {formatBRL(payment.valor)}
              </strong>
            </p>
            <p className={row}>
              <span className={css({ color: 'muted' })}>Clientes que vão receber</span>
              <strong data-testid="pix-recipients">{clientsText(campaign.recipientCount)}</strong>
            </p>
            <p className={css({ color: 'muted', fontSize: 'xs' })} data-testid="pix-later-note">
              Vão receber os clientes cadastrados até agora. Quem for cadastrado depois deste Pix
              fica para a próxima campanha.
            </p>
          </div>

          {!online ? (
            <p role="note" className={warningNote} data-testid="pix-offline">
              {payable
                ? 'Sem conexão. Você ainda pode pagar; a confirmação aparece aqui quando a internet voltar. A campanha fica salva neste aparelho.'
                : 'Sem conexão: para gerar um novo código é preciso estar conectado. A campanha fica salva neste aparelho.'}
            </p>
          ) : null}

          {payable ? (
            <PayableCharge
              payment={payment}
              secondsLeft={view.secondsLeft}
              field={field}
              copyButton={copyButton}
              onCopy={() =>
                payment.pixCopiaECola && void copy(payment.pixCopiaECola, field.current)
              }
            />
          ) : (
            <div className={css({ display: 'grid', gap: '3' })}>
              <p role="alert" className={warningNote} data-testid="pix-expired">
                {settledText(payment, view.phase)}
              </p>
              <Button
                full
                onClick={onRenew}
                loading={renewing}
                loadingText="Gerando..."
                disabled={!online}
              >
                Gerar novo código
              </Button>
            </div>
          )}

          {view.problem ? (
            <p role="alert" className={css({ color: 'danger', fontSize: 'sm' })}>
              {view.problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

function PayableCharge({
  payment,
  secondsLeft,
  field,
  copyButton,
  onCopy,
}: {
  payment: PaymentJson;
  secondsLeft: number | null;
  field: RefObject<HTMLTextAreaElement | null>;
  copyButton: RefObject<HTMLButtonElement | null>;
  onCopy: () => void;
}) {
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      {payment.pixQrCode ? (
        <img
          src={payment.pixQrCode}
          alt="QR Code do Pix"
          width={200}
          height={200}
          className={css({ justifySelf: 'center', w: '200px', h: '200px' })}
        />
      ) : null}
      {secondsLeft !== null ? (
        <p className={css({ textAlign: 'center', fontSize: 'sm', color: 'muted' })}>
          Expira em{' '}
          <strong
            role="timer"
            aria-label={countdownLabel(secondsLeft)}
            data-testid="pix-countdown"
            className={css({ color: 'fg', fontVariantNumeric: 'tabular-nums' })}
          >
            {countdownText(secondsLeft)}
          </strong>
        </p>
      ) : null}
      {payment.pixCopiaECola ? (
        <div className={css({ display: 'grid', gap: '2' })}>
          <label htmlFor="pix-code" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
            Pix copia e cola
          </label>
          <textarea
            id="pix-code"
            ref={field}
            readOnly
            rows={4}
            value={payment.pixCopiaECola}
            className={css(
              framed,
              { w: 'full', resize: 'none', bg: 'gray.50', p: '2' },
              { fontFamily: 'mono', fontSize: 'xs', lineHeight: 'snug', wordBreak: 'break-all' },
            )}
          />
          <Button ref={copyButton} full onClick={onCopy}>
            <CopyIcon size={18} />
            Copiar código
          </Button>
        </div>
      ) : null}
      <p
        role="status"
        className={css(centerRow, {
          justifyContent: 'center',
          gap: '2',
          fontSize: 'sm',
          color: 'muted',
        })}
      >
        <span aria-hidden="true" className={css({ display: 'inline-flex', color: 'primary' })}>
          <Spinner size={16} />
        </span>
        Aguardando pagamento...
      </p>
      {payment.sandboxUrl ? (
        <a
          href={payment.sandboxUrl}
          target="_blank"
          rel="noreferrer"
          className={css(touchLink, {
            fontSize: 'sm',
            textAlign: 'center',
            justifyContent: 'center',
          })}
        >
          Pagar na página de teste (sandbox)
        </a>
      ) : null}
    </div>
  );
}
