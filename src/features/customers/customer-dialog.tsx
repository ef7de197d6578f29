/** Add/edit customer dialog (spec §2): 'Nome' and 'Número do Celular (com DDD)' with the phone mask. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { css } from 'styled-system/css';
import type { z } from 'zod';
import { customerWithPhone, saveCustomer } from '~/db/customers-repo';
import type { LocalCustomer } from '~/db/db';
import { duplicatePhoneMessage } from '~/domain/duplicate-phone';
import { maskPhone, phoneInputDigits, toNationalPhone } from '~/domain/phone';
import { customerFormSchema } from '~/domain/schemas';
import { customerTexts, reportWrite } from '~/features/sync/report-write';
import { Button } from '~/ui/button';
import { Dialog } from '~/ui/dialog';
import { TextField } from '~/ui/field';

type FormInput = z.input<typeof customerFormSchema>;
type FormOutput = z.output<typeof customerFormSchema>;

export type CustomerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customer: LocalCustomer | null;
};

function CustomerForm({
  customer,
  onDone,
}: {
  customer: LocalCustomer | null;
  onDone: () => void;
}) {
  const editing = customer !== null;
  // The phone field holds digits; the input shows them masked, so the schema's length rules
  // apply to what the owner typed, not to the mask's punctuation.
  const { register, control, handleSubmit, formState, setError } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({
    resolver: zodResolver(customerFormSchema),
    defaultValues: { name: customer?.name ?? '', phone: customer?.phone ?? '' },
  });

  const onSubmit = async (values: FormOutput) => {
    const fields = { name: values.name, phone: toNationalPhone(values.phone) };
    // One customer per phone (the server answers 409 too): say so before saving anything.
    const other = await customerWithPhone(fields.phone, customer?.id);
    if (other) {
      setError('phone', { message: duplicatePhoneMessage(other.name) }, { shouldFocus: true });
      return;
    }
    const { result } = await saveCustomer({ ...fields, id: customer?.id });
    const ok = reportWrite(
      result,
      editing
        ? customerTexts('Cliente atualizado!', 'Erro ao atualizar cliente')
        : customerTexts('Cliente cadastrado!', 'Erro ao cadastrar cliente'),
    );
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
        label="Nome"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <Controller
        control={control}
        name="phone"
        render={({ field }) => (
          <TextField
            label="Número do Celular (com DDD)"
            type="tel"
            inputMode="tel"
            placeholder="(11) 9 8765-4321"
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={maskPhone(field.value)}
            onChange={(e) => field.onChange(phoneInputDigits(e.target.value, field.value))}
            error={errors.phone?.message}
          />
        )}
      />
      <Button type="submit" full loading={formState.isSubmitting}>
        {editing ? 'Salvar' : 'Cadastrar'}
      </Button>
    </form>
  );
}

export function CustomerDialog({ open, onOpenChange, customer }: CustomerDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={customer ? 'Editar Cliente' : 'Novo Cliente'}
    >
      <CustomerForm
        key={customer?.id ?? 'new'}
        customer={customer}
        onDone={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
