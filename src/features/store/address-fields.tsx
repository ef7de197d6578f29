/** The address block (CEP with lookup on blur, street, number…, UF) of onboarding and settings. */
import type { FocusEvent } from 'react';
import { css } from 'styled-system/css';
import type { AddressField } from '~/domain/address';
import { maskCep } from '~/domain/cep';
import { TextField } from '~/ui/field';
import { masked } from './masked';
import type { FieldBinding } from './store-info-fields';

type Props = {
  bind: (name: AddressField) => FieldBinding;
  onCepBlur: (cep: string) => void;
  searching: boolean;
};

const row = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' });

export function AddressFields({ bind, onCepBlur, searching }: Props) {
  const f = (name: AddressField) => {
    const b = bind(name);
    return { error: b.error, ...b.registration };
  };
  const cep = bind('cep');
  const cepProps = masked(cep.registration, maskCep);
  const upper = (v: string) => v.toUpperCase().replace(/[^A-Z]/g, '');
  return (
    <>
      <TextField
        label="CEP"
        placeholder="00000-000"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={9}
        error={cep.error}
        hint={searching ? 'Buscando endereço...' : undefined}
        {...cepProps}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          void cepProps.onBlur(event);
          onCepBlur(event.target.value);
        }}
      />
      <TextField
        label="Logradouro"
        placeholder="Rua, avenida…"
        autoComplete="address-line1"
        {...f('logradouro')}
      />
      <div className={row}>
        <TextField label="Número" inputMode="numeric" {...f('numero')} />
        <TextField
          label="Complemento"
          placeholder="Opcional"
          autoComplete="address-line2"
          {...f('complemento')}
        />
      </div>
      <TextField label="Bairro" {...f('bairro')} />
      <div className={css({ display: 'grid', gridTemplateColumns: '1fr 7.5rem', gap: '3' })}>
        <TextField label="Cidade" autoComplete="address-level2" {...f('cidade')} />
        <TextField
          label="UF"
          maxLength={2}
          autoCapitalize="characters"
          autoComplete="address-level1"
          error={bind('uf').error}
          {...masked(bind('uf').registration, upper)}
        />
      </div>
    </>
  );
}
