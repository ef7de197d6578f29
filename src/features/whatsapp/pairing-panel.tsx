/**
 * 'Conectar com código', for an owner who cannot scan the QR (the store's number is on the only
 * phone at hand): the number goes in, WhatsApp's 8-character code comes out, typed on the phone.
 */
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { maskPhone, phoneInputDigits } from '~/domain/phone';
import { Button } from '~/ui/button';
import { TextField } from '~/ui/field';
import { muted, SandboxLink, Steps, stack } from './link-steps';
import { groupPairingCode } from './pairing';

const CODE_STEPS = [
  'Abra o WhatsApp no celular da loja',
  'Vá em Configurações > Aparelhos Conectados > Conectar um aparelho',
  'Toque em Conectar com número de telefone e digite o código',
];

type FormProps = {
  problem?: string;
  busy: boolean;
  onSubmit: (number: string) => void;
  onUseQr: () => void;
};

export function PairingForm({ problem, busy, onSubmit, onUseQr }: FormProps) {
  const [digits, setDigits] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(digits);
  };
  return (
    <form className={stack} onSubmit={submit} noValidate>
      <p className={muted}>
        Digite o número de WhatsApp da loja para receber um código de 8 caracteres.
      </p>
      <TextField
        label="Número do WhatsApp da loja"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(11) 9 8765-4321"
        value={maskPhone(digits)}
        onChange={(e) => setDigits(phoneInputDigits(e.target.value, digits))}
        error={problem}
      />
      <Button type="submit" full loading={busy} loadingText="Gerando código...">
        Gerar código
      </Button>
      <Button type="button" variant="outline" full onClick={onUseQr}>
        Usar QR Code
      </Button>
    </form>
  );
}

type CodeProps = {
  pairingCode: string;
  sandboxUrl?: string;
  onNewCode: () => void;
  onUseQr: () => void;
};

export function PairingCode({ pairingCode, sandboxUrl, onNewCode, onUseQr }: CodeProps) {
  return (
    <div className={stack}>
      <p className={muted}>Seu código de conexão:</p>
      <output
        data-testid="pairing-code"
        aria-live="polite"
        className={css({
          alignSelf: 'center',
          fontFamily: 'mono',
          fontSize: '3xl',
          fontWeight: 'bold',
          letterSpacing: '0.15em',
          bg: 'gray.50',
          borderRadius: 'lg',
          px: '4',
          py: '2',
        })}
      >
        {groupPairingCode(pairingCode)}
      </output>
      <Steps lines={CODE_STEPS} />
      <SandboxLink href={sandboxUrl} />
      <p className={muted}>Aguardando a conexão...</p>
      <Button variant="outline" full onClick={onNewCode}>
        Gerar novo código
      </Button>
      <Button variant="ghost" full onClick={onUseQr}>
        Usar QR Code
      </Button>
    </div>
  );
}
