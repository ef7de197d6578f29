/**
 * 'Recebe promoções pelo WhatsApp?' (issue 40, decision 024): the basis the owner declares when
 * adding customers by hand or from a spreadsheet. The server records it as the consent ledger's
 * first event; afterwards only the customer changes it (SAIR / VOLTAR).
 */
import { css } from 'styled-system/css';
import { PROMO_BASES, PROMO_BASIS_CHOICES, type PromoBasis } from '~/domain/consent';
import { labelStyle } from '~/ui/field';

const radio = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minH: '11',
  cursor: 'pointer',
});

export function PromoBasisField({
  value,
  onChange,
  disabled,
  name = 'promo-basis',
}: {
  value: PromoBasis;
  onChange: (next: PromoBasis) => void;
  disabled?: boolean;
  name?: string;
}) {
  return (
    <fieldset disabled={disabled} className={css({ border: 'none', p: '0', m: '0' })}>
      <legend className={labelStyle}>Recebe promoções pelo WhatsApp?</legend>
      {PROMO_BASES.map((basis) => (
        <label key={basis} className={radio}>
          <input
            type="radio"
            name={name}
            value={basis}
            checked={value === basis}
            onChange={() => onChange(basis)}
            className={css({ w: '5', h: '5', flexShrink: 0, accentColor: 'brand.700' })}
          />
          {PROMO_BASIS_CHOICES[basis]}
        </label>
      ))}
      <p className={css({ fontSize: 'sm', color: 'muted' })}>
        Fica registrado no histórico do cliente. Depois, só ele muda: SAIR ou VOLTAR pelo WhatsApp.
      </p>
    </fieldset>
  );
}
