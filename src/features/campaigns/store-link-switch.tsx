/**
 * 'Incluir link da loja' (issue 20): the storefront link tagged with the campaign goes on its own
 * line before SAIR. On by default when the store has a public page; without one it is off and
 * says why. `value` null = the default (the server decides the same way).
 */
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { Switch } from '~/ui/switch';
import { useHasStorePage } from './use-store-page';

export const NO_STORE_PAGE_HINT =
  'Sua loja ainda não tem página pública: cadastre o CNPJ em Configurações.';

export function StoreLinkSwitch({
  value,
  onChange,
  disabled,
}: {
  value: boolean | null;
  onChange: (next: boolean | null) => void;
  disabled?: boolean;
}) {
  const hasPage = useHasStorePage();
  // A choice kept from when the store had a page: back to the default, or the server refuses it.
  useEffect(() => {
    if (hasPage === false && value !== null) onChange(null);
  }, [hasPage, value, onChange]);
  const checked = hasPage !== false && (value ?? true);
  return (
    <div className={css({ display: 'grid', gap: '1' })}>
      <Switch
        checked={checked}
        onCheckedChange={onChange}
        disabled={disabled || hasPage === false}
        label="Incluir link da loja"
      />
      {hasPage === false ? (
        <p className={css({ fontSize: 'sm', color: 'muted' })}>{NO_STORE_PAGE_HINT}</p>
      ) : null}
    </div>
  );
}
