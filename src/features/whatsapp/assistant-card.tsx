/** The assistant card of spec §2: on/off switch, the owner's guidance and 'Salvar Configurações'. */
import { type FormEvent, useId, useState } from 'react';
import { css } from 'styled-system/css';
import type { StoreMe } from '~/domain/schemas';
import { useAuth } from '~/lib/auth/auth-context';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { inputStyle, labelStyle } from '~/ui/field';
import { Switch } from '~/ui/switch';
import { saveBotConfig } from './api';

/** Same limit as the server's botConfigSchema. */
const MAX_GUIDANCE = 2000;

export function AssistantCard({ store }: { store: StoreMe }) {
  const { storeSaved } = useAuth();
  const [active, setActive] = useState(store.botAtivo);
  const [guidance, setGuidance] = useState(store.botPersonalizacao?.mensagemBoasVindas ?? '');
  const [busy, setBusy] = useState(false);
  const textId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await saveBotConfig(active, guidance.trim());
      const next: StoreMe = {
        ...store,
        botAtivo: active,
        botPersonalizacao: {
          mensagemBoasVindas: guidance.trim(),
          tomVoz: '',
          informacoesImportantes: '',
        },
      };
      await storeSaved(saved ?? next);
      toast.success('Configurações salvas!');
    } catch {
      toast.error('Erro ao salvar', 'Não foi possível salvar as configurações. Tente novamente.');
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
