/** Dados Cadastrais (/configuracoes/dados-cadastrais): edit the store's data and address. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { css } from 'styled-system/css';
import { useDeviceStore } from '~/db/device-store-context';
import { saveSetting } from '~/db/settings-repo';
import type { AddressField } from '~/domain/address';
import type { CepAddress } from '~/domain/cep';
import { maskCep } from '~/domain/cep';
import { maskCnpj } from '~/domain/cnpj';
import { maskPhone } from '~/domain/phone';
import { type StoreMe, storeDataSchema } from '~/domain/schemas';
import { useAuth } from '~/lib/auth/auth-context';
import type { SectionState } from '~/lib/auth/use-store-me';
import { useCepLookup } from '~/lib/cep-lookup';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { PendingNotice } from '~/ui/pending-notice';
import { AddressFields } from '../store/address-fields';
import { type StoreInfoFieldName, StoreInfoFields } from '../store/store-info-fields';
import { StoreMePage } from './store-me-page';

type Values = Record<StoreInfoFieldName | AddressField, string>;

function toValues(store: StoreMe): Values {
  return {
    name: store.name,
    cnpj: maskCnpj(store.cnpj ?? ''),
    phone: maskPhone(store.phone ?? ''),
    cep: maskCep(store.cep ?? ''),
    logradouro: store.logradouro ?? '',
    numero: store.numero ?? '',
    complemento: store.complemento ?? '',
    bairro: store.bairro ?? '',
    cidade: store.cidade ?? '',
    uf: store.uf ?? '',
  };
}

const sectionStyle = css({ display: 'flex', flexDirection: 'column', gap: '4' });

function StoreDataForm({ store, pending }: { store: StoreMe; pending?: SectionState }) {
  const device = useDeviceStore();
  const navigate = useNavigate();
  const { storeSaved } = useAuth();
  const form = useForm({
    resolver: zodResolver(storeDataSchema),
    defaultValues: toValues(store),
  });
  const { errors, isSubmitting } = form.formState;
  const fill = useCallback(
    (address: CepAddress) => {
      for (const [key, value] of Object.entries(address) as [keyof CepAddress, string][]) {
        form.setValue(key, value, { shouldDirty: true });
      }
    },
    [form],
  );
  const { lookup, searching } = useCepLookup(fill);
  const bind = (name: StoreInfoFieldName | AddressField) => ({
    registration: form.register(name),
    error: errors[name]?.message,
  });

  const onSubmit = form.handleSubmit(async (data) => {
    // Kept on the device first; offline the worker queues it (the screens show it waiting).
    const result = await saveSetting('store-data', data, device);
    if (result.status === 'sent' || result.status === 'queued') {
      if (result.status === 'sent')
        await storeSaved((result.data as StoreMe) ?? { ...store, ...data });
      toast.success('Dados atualizados!');
      await navigate({ to: '/configuracoes' });
    } else {
      // The server's reason; the form keeps what was typed for correction.
      toast.error('Erro ao atualizar', result.message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className={sectionStyle}>
      <PendingNotice state={pending} />
      <Card className={sectionStyle}>
        <CardTitle className={css({ mb: '0' })}>Informações Básicas</CardTitle>
        <StoreInfoFields bind={bind} />
      </Card>
      <Card className={sectionStyle}>
        <CardTitle className={css({ mb: '0' })}>Endereço</CardTitle>
        <AddressFields bind={bind} onCepBlur={lookup} searching={searching} />
      </Card>
      <Button type="submit" full loading={isSubmitting} loadingText="Salvando...">
        Salvar Alterações
      </Button>
    </form>
  );
}

export function StoreDataScreen() {
  return <StoreMePage title="Dados Cadastrais" section="store-data" Form={StoreDataForm} />;
}
