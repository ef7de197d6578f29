/**
 * 'Controlar estoque' and 'Quantidade em estoque' in the product dialog (issue 20): the form
 * holds what was typed; a valid save gives the product's `stock` (null: not tracked) and the
 * count the edit started from, which the server applies as a change (decision 018).
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { css } from 'styled-system/css';
import { z } from 'zod';
import type { LocalProduct } from '~/db/db';
import { STOCK_MESSAGES, stockCount } from '~/domain/product';
import { TextField } from '~/ui/field';
import { Switch } from '~/ui/switch';

/** The dialog's stock inputs: the switch and the typed quantity. */
export const stockInputs = { tracked: z.boolean(), quantity: z.string() };
export type StockInputs = { tracked: boolean; quantity: string };

const typedCount = z
  .string()
  .trim()
  .min(1, STOCK_MESSAGES.missing)
  .regex(/^\d+$/, STOCK_MESSAGES.invalid)
  .transform(Number)
  .pipe(stockCount);

/** The quantity's message when tracking is on and it is not a count (for the schema's refine). */
export function quantityProblem({ tracked, quantity }: StockInputs): string | null {
  if (!tracked) return null;
  const parsed = typedCount.safeParse(quantity);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? STOCK_MESSAGES.invalid);
}

/** A device row's count: undefined when it was pulled before stock travelled (db.ts, v5). */
const countOf = (product: LocalProduct | null) =>
  (product as { stock?: number | null } | null)?.stock;

/** The inputs' first values for a product (a new one: off, empty). */
export function stockDefaults(product: LocalProduct | null): StockInputs {
  const count = countOf(product);
  return { tracked: typeof count === 'number', quantity: count == null ? '' : String(count) };
}

/**
 * What the save sends: `stock` and `stockBase`, the count the dialog opened with (the base of
 * the owner's change). A row whose count the device has not pulled yet sends nothing unless the
 * owner turned tracking on, so an edit of its price never turns off tracking it cannot see.
 */
export function stockOfInputs(
  product: LocalProduct | null,
  inputs: StockInputs,
): { stock?: number | null; stockBase?: number | null } {
  const count = countOf(product);
  if (product && count === undefined && !inputs.tracked) return {};
  const stock = inputs.tracked ? Number(inputs.quantity.trim()) : null;
  return { stock, stockBase: count ?? null };
}

export type StockFieldProps = {
  tracked: boolean;
  onTrackedChange: (tracked: boolean) => void;
  /** The quantity input, registered with the dialog's form. */
  quantity: UseFormRegisterReturn;
  error?: string | undefined;
};

/** The switch, and the quantity while tracking is on. */
export function StockField({ tracked, onTrackedChange, quantity, error }: StockFieldProps) {
  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      <Switch checked={tracked} onCheckedChange={onTrackedChange} label="Controlar estoque" />
      {tracked ? (
        <TextField
          {...quantity}
          label="Quantidade em estoque"
          inputMode="numeric"
          autoComplete="off"
          error={error}
        />
      ) : null}
    </div>
  );
}
