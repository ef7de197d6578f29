/**
 * Add/edit product dialog (spec §2): name, cents-based money mask, description, stock (issue 20),
 * photos, status on edit.
 */
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { css } from 'styled-system/css';
import type { z } from 'zod';
import type { LocalProduct } from '~/db/db';
import { useDeviceStore } from '~/db/device-store-context';
import { saveProduct } from '~/db/products-repo';
import { formatBRL, maskMoneyInput } from '~/domain/money';
import { productSchema } from '~/domain/schemas';
import { productTexts, reportWrite } from '~/features/sync/report-write';
import { type EntityDialogProps, EntityForm, EntityFormDialog, useZodForm } from '~/ui/entity-form';
import { FormTextField, MaskedField } from '~/ui/form-fields';
import { Switch } from '~/ui/switch';
import { discardHeldPhotos, releaseHeldPhotos } from './photos/photo-held';
import { ProductPhotos } from './photos/product-photos';
import {
  quantityProblem,
  StockField,
  stockDefaults,
  stockInputs,
  stockOfInputs,
} from './stock-field';

// Stock is typed as text behind a switch (stock-field.tsx); the save turns it into `stock`.
const SCHEMA = productSchema
  .omit({ id: true, stock: true, stockBase: true })
  .extend(stockInputs)
  .superRefine((values, ctx) => {
    const message = quantityProblem(values);
    if (message) ctx.addIssue({ code: 'custom', path: ['quantity'], message });
  });

/** What the price input shows for a stored value: "59.90" → "R$ 59,90". */
export function priceDisplay(value: string): string {
  return value ? formatBRL(value) : '';
}

const SAVED = {
  add: productTexts('Produto criado!', 'Não foi possível criar o produto'),
  edit: productTexts('Produto atualizado!', 'Não foi possível atualizar o produto'),
};
const TITLES = { add: 'Novo Produto', edit: 'Editar Produto' };

const readPrice = (typed: string, previous: string) => maskMoneyInput(typed, previous).value;

function ProductForm({ row: product, onDone }: { row: LocalProduct | null; onDone: () => void }) {
  const device = useDeviceStore();
  const editing = product !== null;
  // A new product has its id from the start: photos added before the first save wait under it.
  const [id] = useState(() => product?.id ?? crypto.randomUUID());
  useEffect(() => {
    if (editing) return;
    return () => {
      discardHeldPhotos(device, id).catch((error: unknown) => {
        console.warn('held photos not discarded', error);
      });
    };
  }, [device, id, editing]);
  const form = useZodForm(SCHEMA, {
    name: product?.name ?? '',
    price: product?.price ?? '',
    description: product?.description ?? '',
    active: product ? product.active === 1 : true,
    ...stockDefaults(product),
  });

  const save = async ({ tracked, quantity, ...values }: z.output<typeof SCHEMA>) => {
    const stock = stockOfInputs(product, { tracked, quantity });
    const { result } = await saveProduct({ ...values, ...stock, id }, device);
    // Its photos follow the create (or a fixed refused create) in the worker's queue.
    if (result.status === 'sent' || result.status === 'queued') {
      await releaseHeldPhotos(device, id);
    }
    const ok = reportWrite(result, editing ? SAVED.edit : SAVED.add);
    // A refused change stays on the device and in the refused list; the dialog closes either way.
    if (ok || result.status === 'refused') onDone();
  };

  return (
    <EntityForm
      form={form}
      onSave={save}
      submitLabel={editing ? 'Salvar Alterações' : 'Cadastrar Produto'}
    >
      <FormTextField form={form} name="name" label="Nome do Produto" autoComplete="off" />
      <MaskedField
        form={form}
        name="price"
        label="Preço (R$)"
        inputMode="numeric"
        placeholder="R$ 0,00"
        show={priceDisplay}
        read={readPrice}
      />
      <FormTextField
        form={form}
        name="description"
        label="Descrição (opcional)"
        autoComplete="off"
      />
      <Controller
        control={form.control}
        name="tracked"
        render={({ field }) => (
          <StockField
            tracked={field.value}
            onTrackedChange={field.onChange}
            quantity={form.register('quantity')}
            error={form.formState.errors.quantity?.message}
          />
        )}
      />
      <ProductPhotos productId={id} />
      {editing ? (
        <div>
          <p className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1' })}>
            Status do Produto
          </p>
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch
                checked={field.value ?? true}
                onCheckedChange={field.onChange}
                label={field.value ? 'Produto ativo e disponível' : 'Produto desativado'}
              />
            )}
          />
        </div>
      ) : null}
    </EntityForm>
  );
}

export function ProductDialog(props: EntityDialogProps<LocalProduct>) {
  return <EntityFormDialog {...props} title={TITLES} form={ProductForm} />;
}
