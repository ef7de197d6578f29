/** Add/edit product dialog (spec §2): name, cents-based money mask, description, status on edit. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { css } from 'styled-system/css';
import type { z } from 'zod';
import type { LocalProduct } from '~/db/db';
import { saveProduct } from '~/db/products-repo';
import { formatBRL, maskMoneyInput } from '~/domain/money';
import { productSchema } from '~/domain/schemas';
import { productTexts, reportWrite } from '~/features/sync/report-write';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { TextField } from '~/ui/field';
import { Switch } from '~/ui/switch';

const formSchema = productSchema.omit({ id: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export type ProductDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product to edit; null to add a new one. */
  product: LocalProduct | null;
};

/** What the price input shows for a stored value: "59.90" → "R$ 59,90". */
export function priceDisplay(value: string): string {
  return value ? formatBRL(value) : '';
}

function ProductForm({ product, onDone }: { product: LocalProduct | null; onDone: () => void }) {
  const editing = product !== null;
  const { register, control, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: product?.name ?? '',
      price: product?.price ?? '',
      description: product?.description ?? '',
      active: product ? product.active === 1 : true,
    },
  });

  const onSubmit = async (values: FormOutput) => {
    const { result } = await saveProduct({ ...values, id: product?.id });
    const ok = reportWrite(
      result,
      editing
        ? productTexts('Produto atualizado!', 'Não foi possível atualizar o produto')
        : productTexts('Produto criado!', 'Não foi possível criar o produto'),
    );
    // A refused change stays on the device and in the refused list; the dialog closes either way.
    if (ok || result.status === 'refused') onDone();
  };

  const errors = formState.errors;
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className={css({ display: 'grid', gap: '4' })}
    >
      <TextField
        label="Nome do Produto"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <Controller
        control={control}
        name="price"
        render={({ field }) => (
          <TextField
            label="Preço (R$)"
            inputMode="numeric"
            placeholder="R$ 0,00"
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={priceDisplay(field.value)}
            onChange={(e) => field.onChange(maskMoneyInput(e.target.value, field.value).value)}
            error={errors.price?.message}
          />
        )}
      />
      <TextField
        label="Descrição (opcional)"
        autoComplete="off"
        error={errors.description?.message}
        {...register('description')}
      />
      {editing ? (
        <div>
          <p className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1' })}>
            Status do Produto
          </p>
          <Controller
            control={control}
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
      <Button type="submit" full loading={formState.isSubmitting}>
        {editing ? 'Salvar Alterações' : 'Cadastrar Produto'}
      </Button>
    </form>
  );
}

export function ProductDialog({ open, onOpenChange, product }: ProductDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={product ? 'Editar Produto' : 'Novo Produto'}
    >
      <ProductForm
        key={product?.id ?? 'new'}
        product={product}
        onDone={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
