/** Store name, CNPJ and mobile phone: onboarding step 1 and 'Informações Básicas' in settings. */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { maskCnpj } from '~/domain/cnpj';
import { TextField } from '~/ui/field';
import { masked, maskPhoneInput } from './masked';

export type StoreInfoFieldName = 'name' | 'cnpj' | 'phone';
export type FieldBinding = { registration: UseFormRegisterReturn; error?: string };

export function StoreInfoFields({ bind }: { bind: (name: StoreInfoFieldName) => FieldBinding }) {
  const name = bind('name');
  const cnpj = bind('cnpj');
  const phone = bind('phone');
  return (
    <>
      <TextField
        label="Nome da Loja"
        placeholder="Ex.: Mercadinho da Ana"
        autoComplete="organization"
        error={name.error}
        {...name.registration}
      />
      <TextField
        label="CNPJ (opcional)"
        placeholder="00.000.000/0000-00"
        autoCapitalize="characters"
        maxLength={18}
        error={cnpj.error}
        {...masked(cnpj.registration, maskCnpj)}
      />
      <TextField
        label="Celular (opcional)"
        placeholder="(11) 9 9999-9999"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        error={phone.error}
        {...masked(phone.registration, maskPhoneInput)}
      />
    </>
  );
}
