/** The assistant card of spec §2: on/off switch, the owner's guidance and 'Salvar Configurações'. */
import { type FormEvent, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { useDeviceStore } from '~/db/device-store-context';
import { saveSetting } from '~/db/settings-repo';
import type { StoreMe } from '~/domain/schemas';
import { useAuth } from '~/lib/auth/auth-context';
import type { SectionState } from '~/lib/auth/use-store-me';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { inputStyle, labelStyle } from '~/ui/field';
import { PendingNotice } from '~/ui/pending-notice';
import { Switch } from '~/ui/switch';

/** Same limit as the server's botConfigSchema. */
const MAX_GUIDANCE = 2000;

export function AssistantCard({ store, pending }: { store: StoreMe; pending?: SectionState }) {
  const device = useDeviceStore();
  const { storeSaved } = useAuth();
  const [active, setActive] = useState(store.botAtivo);
  const [guidance, setGuidance] = useState(store.botPersonalizacao?.mensagemBoasVindas ?? '');
  const [busy, setBusy] = useState(false);
  const textId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      // Spec §7: the guidance text goes in mensagemBoasVindas; the other two stay empty.
      const body = {
        botAtivo: active,
        botPersonalizacao: {
          mensagemBoasVindas: guidance.trim(),
          tomVoz: '',
          informacoesImportantes: '',
        },
      };
      // Kept on the device first; offline the worker queues it (the card shows it waiting).
      const result = await saveSetting('bot-config', body, device);
      if (result.status === 'sent')
        await storeSaved((result.data as StoreMe) ?? { ...store, ...body });
      if (result.status === 'sent' || result.status === 'queued') {
        toast.success('Configurações salvas!');
      } else {
        // The server's reason; the switch and the text keep what the owner set.
        toast.error('Erro ao salvar', result.message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardTitle>Assistente Virtual</CardTitle>
      <form
        onSubmit={submit}
        noValidate
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        <p className={css({ color: 'muted', fontSize: 'sm' })}>
          Responde sozinho às perguntas dos clientes no WhatsApp: horários, endereço, produtos e
          preços. Quem responder SAIR deixa de receber campanhas.
        </p>
        <PendingNotice state={pending} />
        <Switch checked={active} onCheckedChange={setActive} label="Ativar Assistente Virtual" />
        <div>
          <label htmlFor={textId} className={labelStyle}>
            Conte para o agente virtual como ele deve agir
          </label>
          <textarea
            id={textId}
            value={guidance}
            maxLength={MAX_GUIDANCE}
            rows={5}
            onChange={(e) => setGuidance(e.target.value)}
            placeholder="Ex.: Seja simpático e use emojis. Fazemos entrega grátis no bairro. Aceitamos Pix."
            className={`${inputStyle} ${css({ py: '2', minH: '32', resize: 'vertical' })}`}
          />
          <p className={css({ color: 'muted', fontSize: 'xs', mt: '1', textAlign: 'right' })}>
            {guidance.length}/{MAX_GUIDANCE}
          </p>
        </div>
        <Button type="submit" full loading={busy} loadingText="Salvando...">
          Salvar Configurações
        </Button>
      </form>
    </Card>
  );
}
