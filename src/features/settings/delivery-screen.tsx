/**
 * Entrega e pagamento (/configuracoes/entrega, issue 38): pickup and/or delivery, the zones (name,
 * bairros, fee, time), the minimum, free delivery above, taking orders while closed, and the
 * store's Pix key. Saved on the device first like every settings section (offline too).
 */
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import { useDeviceStore } from '~/db/device-store-context';
import { saveSetting } from '~/db/settings-repo';
import { type DeliverySettings, defaultDeliverySettings } from '~/domain/delivery-quote';
import { parseLoosePrice } from '~/domain/money';
import type { StoreMe } from '~/domain/schemas';
import type { SectionState } from '~/lib/auth/use-store-me';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { TextField } from '~/ui/field';
import { PendingNotice } from '~/ui/pending-notice';
import { Switch } from '~/ui/switch';
import { StoreMePage } from './store-me-page';

/** A zone being edited; `key` only tells React which row is which. */
type ZoneDraft = { key: string; nome: string; bairros: string; taxa: string; prazo: string };

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const toText = (value: string | null) => (value ?? '').replace('.', ',');
const money = (text: string) => (text.trim() ? (parseLoosePrice(text) ?? text.trim()) : null);

function zonesOf(settings: DeliverySettings): ZoneDraft[] {
  return settings.zonas.map((z) => ({
    key: crypto.randomUUID(),
    nome: z.nome,
    bairros: z.bairros.join(', '),
    taxa: toText(z.taxa),
    prazo: z.prazo,
  }));
}

function DeliveryForm({ store, pending }: { store: StoreMe; pending?: SectionState }) {
  const device = useDeviceStore();
  const navigate = useNavigate();
  const start = store.delivery ?? defaultDeliverySettings();
  const [retirada, setRetirada] = useState(start.retirada);
  const [entrega, setEntrega] = useState(start.entrega);
  const [fechada, setFechada] = useState(start.aceitarPedidosFechada);
  const [minimo, setMinimo] = useState(toText(start.pedidoMinimo));
  const [gratis, setGratis] = useState(toText(start.freteGratisAcima));
  const [zones, setZones] = useState<ZoneDraft[]>(zonesOf(start));
  const [pixKey, setPixKey] = useState(store.pixKey ?? '');
  const [busy, setBusy] = useState(false);

  const setZone = (i: number, change: Partial<ZoneDraft>) =>
    setZones((all) => all.map((z, j) => (j === i ? { ...z, ...change } : z)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      retirada,
      entrega,
      zonas: zones.map((z) => ({
        nome: z.nome.trim(),
        bairros: z.bairros
          .split(/[,\n]/)
          .map((b) => b.trim())
          .filter(Boolean),
        taxa: money(z.taxa) ?? '',
        prazo: z.prazo.trim(),
      })),
      pedidoMinimo: money(minimo),
      freteGratisAcima: money(gratis),
      aceitarPedidosFechada: fechada,
    } as DeliverySettings;
    setBusy(true);
    try {
      const saved = await saveSetting('delivery', body, device);
      const pix =
        saved.status === 'refused' || pixKey === (store.pixKey ?? '')
          ? saved
          : await saveSetting('order-settings', { pixKey }, device);
      const refused = [saved, pix].find((r) => r.status === 'refused');
      if (refused?.status === 'refused') {
        toast.error('Erro ao salvar', refused.message);
        return;
      }
      toast.success('Entrega e pagamento atualizados!');
      await navigate({ to: '/configuracoes' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={stack}>
      <PendingNotice state={pending} />
      <Card>
        <CardTitle>Como o cliente recebe</CardTitle>
        <div className={stack}>
          <Switch checked={retirada} onCheckedChange={setRetirada} label="Retirar na loja" />
          <Switch checked={entrega} onCheckedChange={setEntrega} label="Entrega" />
          <Switch
            checked={fechada}
            onCheckedChange={setFechada}
            label="Aceitar pedidos com a loja fechada"
          />
          <TextField
            label="Pedido mínimo (R$)"
            inputMode="decimal"
            value={minimo}
            onChange={(e) => setMinimo(e.target.value)}
            hint="Em branco: sem mínimo"
          />
          <TextField
            label="Frete grátis a partir de (R$)"
            inputMode="decimal"
            value={gratis}
            onChange={(e) => setGratis(e.target.value)}
            hint="Em branco: a taxa vale sempre"
          />
        </div>
      </Card>
      {entrega ? (
        <Card>
          <CardTitle>Zonas de entrega</CardTitle>
          <p className={css({ fontSize: 'sm', color: 'muted', mb: '3' })}>
            Sem zonas, a loja entrega em qualquer bairro sem taxa.
          </p>
          <div className={stack}>
            {zones.map((z, i) => (
              <fieldset
                key={z.key}
                className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
              >
                <legend className={css({ fontWeight: 'semibold' })}>Zona {i + 1}</legend>
                <TextField
                  label="Nome da zona"
                  value={z.nome}
                  onChange={(e) => setZone(i, { nome: e.target.value })}
                />
                <TextField
                  label="Bairros (separados por vírgula)"
                  value={z.bairros}
                  onChange={(e) => setZone(i, { bairros: e.target.value })}
                />
                <TextField
                  label="Taxa de entrega (R$)"
                  inputMode="decimal"
                  value={z.taxa}
                  onChange={(e) => setZone(i, { taxa: e.target.value })}
                />
                <TextField
                  label="Prazo"
                  value={z.prazo}
                  placeholder="40–60 min"
                  onChange={(e) => setZone(i, { prazo: e.target.value })}
                />
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => setZones((all) => all.filter((_, j) => j !== i))}
                >
                  Remover zona {i + 1}
                </Button>
              </fieldset>
            ))}
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                setZones((all) => [
                  ...all,
                  { key: crypto.randomUUID(), nome: '', bairros: '', taxa: '', prazo: '' },
                ])
              }
            >
              Adicionar zona
            </Button>
          </div>
        </Card>
      ) : null}
      <Card>
        <CardTitle>Pix da loja</CardTitle>
        <TextField
          label="Chave Pix"
          value={pixKey}
          onChange={(e) => setPixKey(e.target.value)}
          hint="CPF, CNPJ, celular com DDD, e-mail ou chave aleatória. Em branco: sem Pix nos pedidos."
        />
      </Card>
      <Button type="submit" full loading={busy} loadingText="Salvando...">
        Salvar Entrega e Pagamento
      </Button>
    </form>
  );
}

export function DeliveryScreen() {
  return <StoreMePage title="Entrega e pagamento" section="delivery" Form={DeliveryForm} />;
}
