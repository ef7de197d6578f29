/**
 * The store's record of processing (LGPD art. 37; Res. CD/ANPD 2/2022 art. 9), in the eight
 * fields of the ANPD's simplified model for small agents, filled from the store's settings and
 * what Talí actually does with the data (decision 024).
 */
import { eq } from 'drizzle-orm';
import { maskCnpj } from '../../../src/domain/cnpj';
import { formatPhone } from '../../../src/domain/phone';
import type { PrivacySettings, ProcessingRecord } from '../../../src/domain/privacy';
import { UNMATCHED_PAYMENT_DAYS } from '../../../src/domain/privacy';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';
import { csvCell } from '../campaigns/report-csv';
import type { Processors } from './notice-page';

export async function processingRecord(
  db: Db,
  storeId: string,
  settings: PrivacySettings,
  processors: Processors,
): Promise<ProcessingRecord> {
  const [s] = await db.select().from(stores).where(eq(stores.id, storeId));
  const address = s
    ? [s.logradouro, s.numero, s.bairro, s.cidade, s.uf].filter(Boolean).join(', ')
    : '';
  const contact = [
    `Controladora: ${s?.name ?? ''}`,
    s?.cnpj ? `CNPJ ${maskCnpj(s.cnpj)}` : '',
    address,
    s?.phone ? `WhatsApp ${formatPhone(s.phone)}` : '',
    `canal dos titulares: WhatsApp (MEUS DADOS) e formulário em /loja/${s?.slug ?? ''}/privacidade`,
    'operadora: Talí (plataforma)',
  ]
    .filter(Boolean)
    .join('; ');
  const sharing = [
    'Talí (operadora: hospedagem do catálogo, pedidos e mensagens)',
    processors.gateway
      ? 'gateway de WhatsApp (Evolution API) da Talí'
      : 'serviço de WhatsApp da Talí',
    'WhatsApp/Meta Platforms (transmissão das mensagens; transferência internacional, art. 33)',
    processors.llmHost
      ? `provedor de IA em ${processors.llmHost} (texto das mensagens para o assistente virtual; pode ser fora do Brasil)`
      : '',
    'serviços de notificação dos navegadores (Google, Apple, Mozilla): só o aviso de pedido novo, sem dados do cliente',
  ].filter(Boolean);
  return {
    fields: [
      { field: 'Contato do agente de tratamento', value: contact },
      {
        field: 'Categorias de titulares',
        value:
          'Clientes da loja: quem faz pedidos pelo catálogo, conversa pelo WhatsApp da loja ou recebe promoções.',
      },
      {
        field: 'Dados pessoais tratados',
        value:
          'Nome; telefone (WhatsApp); endereço de entrega; observações do pedido; itens e valores dos pedidos; conteúdo das conversas; recibos de entrega e leitura; registros de consentimento; etiquetas atribuídas pela loja.',
      },
      { field: 'Compartilhamento', value: sharing.join('; ') },
      {
        field: 'Medidas de segurança',
        value:
          'Acesso só pela conta da loja, por HTTPS; senhas guardadas com scrypt e sessões só como hash; cada consulta limitada à própria loja; limites de tentativas nas rotas públicas; códigos de verificação por WhatsApp nas solicitações; cópias de segurança do banco; telefones nunca em registros de log.',
      },
      {
        field: 'Prazo de armazenamento',
        value: `Conversas: ${settings.conversationMonths} meses; recibos de mensagens: ${settings.receiptDays} dias (depois só totais); telefones nos relatórios de campanha: ${settings.recipientPhoneMonths} meses (depois só contagens); notificações Pix não conciliadas: ${UNMATCHED_PAYMENT_DAYS} dias; pedidos: enquanto houver obrigação legal ou fiscal (art. 16, I); cadastro: até o cliente pedir a eliminação; incidentes: 5 anos.`,
      },
      {
        field: 'Processo, finalidade e base legal',
        value:
          'Pedidos: preparar e entregar (execução de contrato, art. 7º, V). Atendimento pelo WhatsApp: responder o cliente (art. 7º, V). Promoções: ofertas pelo WhatsApp (consentimento, art. 7º, I, ou legítimo interesse declarado pela loja no cadastro ou na importação de clientes, art. 7º, IX; cada um registrado no histórico do cliente). Recibos: saber se a mensagem chegou (legítimo interesse, art. 7º, IX).',
      },
      {
        field: 'Observações',
        value:
          'Agente de tratamento de pequeno porte (Resolução CD/ANPD nº 2/2022): sem encarregado obrigatório, com canal de comunicação com o titular; respostas simplificadas em até 15 dias; prazos de incidentes em dobro.',
      },
    ],
  };
}

/** The record as a CSV for Excel-BR (the campaign report's rules). */
export function processingRecordCsv(record: ProcessingRecord): string {
  const lines = [['Campo', 'Conteúdo'], ...record.fields.map((f) => [f.field, f.value])];
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
