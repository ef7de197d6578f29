/** Add/edit customer dialog (spec §2): 'Nome' and 'Número do Celular (com DDD)' with the phone mask. */
import { useState } from 'react';
import type { z } from 'zod';
import { customerWithPhone, saveCustomer } from '~/db/customers-repo';
import type { LocalCustomer } from '~/db/db';
import { useDeviceStore } from '~/db/device-store-context';
import { DEFAULT_PROMO_BASIS, type PromoBasis } from '~/domain/consent';
import { duplicatePhoneMessage } from '~/domain/duplicate-phone';
import { maskPhone, phoneInputDigits, toNationalPhone } from '~/domain/phone';
import { customerFormSchema } from '~/domain/schemas';
import { customerTexts, reportWrite } from '~/features/sync/report-write';
import { type EntityDialogProps, EntityForm, EntityFormDialog, useZodForm } from '~/ui/entity-form';
import { FormTextField, MaskedField } from '~/ui/form-fields';
import { LabelField } from './label-field';
import { knownLabels } from './labels-store';
import { PromoBasisField } from './promo-basis-field';

const SAVED = {
  add: customerTexts('Cliente cadastrado!', 'Erro ao cadastrar cliente'),
  edit: customerTexts('Cliente atualizado!', 'Erro ao atualizar cliente'),
};
const SCHEMA = customerFormSchema;
const TITLES = { add: 'Novo Cliente', edit: 'Editar Cliente' };

function CustomerForm({
  row: customer,
  onDone,
}: {
  row: LocalCustomer | null;
  onDone: () => void;
}) {
  const device = useDeviceStore();
  const editing = customer !== null;
  // The phone field holds digits; the input shows them masked, so the schema's length rules
  // apply to what the owner typed, not to the mask's punctuation.
  const form = useZodForm(SCHEMA, {
    name: customer?.name ?? '',
    phone: customer?.phone ?? '',
  });
  const [labels, setLabels] = useState<ReadonlySet<string>>(() => new Set(customer?.labels));
  // Declared once, when the customer is added: an existing customer's consent is theirs.
  const [promoBasis, setPromoBasis] = useState<PromoBasis>(DEFAULT_PROMO_BASIS);

  const save = async (values: z.output<typeof SCHEMA>) => {
    const fields = { name: values.name, phone: toNationalPhone(values.phone) };
    // One customer per phone (the server answers 409 too): say so before saving anything.
    const other = await customerWithPhone(fields.phone, customer?.id, device);
    if (other) {
      form.setError('phone', { message: duplicatePhoneMessage(other.name) }, { shouldFocus: true });
      return;
    }
    // Only labels still on the device: one deleted meanwhile would be refused by the server.
    const kept = await knownLabels([...labels]);
    const body = { ...fields, labels: kept, ...(editing ? { id: customer.id } : { promoBasis }) };
    const { result } = await saveCustomer(body, device);
    const ok = reportWrite(result, editing ? SAVED.edit : SAVED.add);
    // As for products: a refused change waits in the refused list, so the dialog closes.
    if (ok || result.status === 'refused') onDone();
  };

  return (
    <EntityForm form={form} onSave={save} submitLabel={editing ? 'Salvar' : 'Cadastrar'}>
      <FormTextField form={form} name="name" label="Nome" autoComplete="off" />
      <MaskedField
        form={form}
        name="phone"
        label="Número do Celular (com DDD)"
        type="tel"
        inputMode="tel"
        placeholder="(11) 9 8765-4321"
        show={maskPhone}
        read={phoneInputDigits}
      />
      <LabelField value={labels} onChange={setLabels} />
      {editing ? null : <PromoBasisField value={promoBasis} onChange={setPromoBasis} />}
    </EntityForm>
  );
}

export function CustomerDialog(props: EntityDialogProps<LocalCustomer>) {
  return <EntityFormDialog {...props} title={TITLES} form={CustomerForm} />;
}
