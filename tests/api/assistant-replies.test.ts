/** The rule-based assistant on real-sounding customer messages, against a store with known data. */
import { describe, expect, it } from 'vitest';
import { type ReplyKind, ruleReply } from '../../server/services/assistant/rules';
import type { StoreFacts } from '../../server/services/assistant/store-facts';
import { HOURS } from './whatsapp-fixtures';

const store: StoreFacts = {
  name: 'Empório da Ana',
  address: {
    logradouro: 'Rua das Flores',
    numero: '123',
    complemento: 'Loja 2',
    bairro: 'Centro',
    cidade: 'São Paulo',
    uf: 'SP',
    cep: '01001000',
  },
  phone: '11933334444',
  timezone: 'America/Sao_Paulo',
  businessHours: HOURS,
  botAtivo: true,
  personalizacao: { mensagemBoasVindas: '', tomVoz: '', informacoesImportantes: '' },
  // Only what is for sale: loadStoreFacts already leaves out inactive and deleted products.
  products: [
    { name: 'Bolo de Cenoura', description: '', price: '25.00' },
    { name: 'Café Especial 500g', description: '', price: '32.50' },
    { name: 'Camiseta Básica', description: '', price: '59.90' },
    { name: 'Pão de Queijo', description: '', price: '4.00' },
  ],
};

// Wednesday 18 Nov 2026, 14:00 in São Paulo (17:00 UTC).
const WEDNESDAY_AFTERNOON = new Date('2026-11-18T17:00:00Z');

const WEEK = 'Segunda-feira a sexta-feira: 08:00 às 18:00';
const table: [message: string, kind: ReplyKind, mustContain: string[]][] = [
  [
    'qual o horário de vocês?',
    'hours',
    [
      'Hoje (quarta-feira) abrimos das 08:00 às 18:00',
      WEEK,
      'Sábado: 09:00 às 13:00',
      'Domingo: fechado',
    ],
  ],
  ['Qual o horario de funcionamento', 'hours', [WEEK]],
  ['QUE HORAS VOCÊS ABREM?', 'hours', ['abrimos das 08:00 às 18:00']],
  ['vcs abrem domingo?', 'hours', ['No domingo estamos fechados.']],
  ['Vocês abrem sábado?', 'hours', ['No sábado abrimos das 09:00 às 13:00.']],
  ['abre no sabado?', 'hours', ['No sábado abrimos das 09:00 às 13:00.']],
  ['até que horas fica aberto hoje?', 'hours', ['Hoje abrimos das 08:00 às 18:00.']],
  ['amanhã vcs funcionam?', 'hours', ['Amanhã abrimos das 08:00 às 18:00.']],
  [
    'funciona no fim de semana?',
    'hours',
    ['No sábado abrimos das 09:00 às 13:00.', 'No domingo estamos fechados.'],
  ],
  ['vocês estão abertos agora?', 'hours', ['estamos abertos agora']],
  ['quanto custa a camiseta?', 'product', ['Camiseta Básica', 'R$ 59,90']],
  ['Quanto custa a CAMISETA', 'product', ['R$ 59,90']],
  ['qual o preço das camisetas', 'product', ['Camiseta Básica', 'R$ 59,90']],
  ['tem café?', 'product', ['Café Especial 500g', 'R$ 32,50']],
  ['Tem cafe', 'product', ['R$ 32,50']],
  ['vcs vendem pão de queijo?', 'product', ['Pão de Queijo', 'R$ 4,00']],
  ['qto ta o bolo de cenoura', 'product', ['Bolo de Cenoura', 'R$ 25,00']],
  ['valor do pao de queijo', 'product', ['R$ 4,00']],
  [
    'quanto custa a caneca colecionável?',
    'product_not_found',
    ['Não encontrei esse item', 'responsável pela loja vai te responder'],
  ],
  ['tem boné?', 'product_not_found', ['Não encontrei esse item']],
  [
    'quanto custa uma bicicleta',
    'product_not_found',
    ['Alguns dos nossos produtos', 'Camiseta Básica: R$ 59,90'],
  ],
  [
    'onde fica a loja?',
    'address',
    ['Rua das Flores, 123 - Loja 2 - Centro, São Paulo/SP - CEP 01001-000'],
  ],
  ['qual o endereço', 'address', ['Rua das Flores, 123']],
  ['Qual o endereco de vcs?', 'address', ['Centro, São Paulo/SP']],
  ['como chego aí?', 'address', ['Rua das Flores']],
  ['onde vocês ficam', 'address', ['Rua das Flores']],
  ['oi', 'greeting', ['Olá!', 'Empório da Ana', 'horários, endereço e preços']],
  ['Olá', 'greeting', ['Empório da Ana']],
  ['bom dia', 'greeting', ['Bom dia!', 'Empório da Ana']],
  ['Boa tarde!', 'greeting', ['Boa tarde!']],
  ['boa noite, tudo bem?', 'greeting', ['Boa noite!']],
  ['oi, qual o horário hoje?', 'hours', ['Olá!', 'Hoje abrimos das 08:00 às 18:00.']],
  ['bom dia! quanto custa o café?', 'product', ['Bom dia!', 'R$ 32,50']],
  ['qual endereço e horário de vocês?', 'hours', ['Rua das Flores', WEEK]],
  [
    'o que vocês vendem?',
    'catalog',
    ['Nossos produtos', 'Bolo de Cenoura: R$ 25,00', 'Pão de Queijo: R$ 4,00'],
  ],
  ['me manda o cardápio', 'catalog', ['Camiseta Básica: R$ 59,90']],
  ['obrigada!', 'thanks', ['Por nada']],
  ['valeu', 'thanks', ['Por nada']],
  ['vocês aceitam cartão?', 'fallback', ['responsável pela loja vai te responder']],
  ['qual o valor do frete?', 'fallback', ['responsável pela loja vai te responder']],
  [
    'vcs tem bolo de chocolate?',
    'product',
    ['Não encontrei exatamente esse item', 'Bolo de Cenoura: R$ 25,00'],
  ],
  ['quero comprar uma camiseta', 'product', ['Temos sim! Camiseta Básica sai por R$ 59,90.']],
  ['a loja abre feriado?', 'hours', ['Em feriados o horário pode mudar', WEEK]],
  ['ok', 'silence', []],
  ['Blz', 'silence', []],
  ['👍', 'silence', []],
  ['meu pedido chegou errado', 'fallback', ['responsável pela loja vai te responder']],
];

describe('rule-based assistant', () => {
  it.each(table)('"%s" gets a %s answer', (message, kind, mustContain) => {
    const reply = ruleReply(store, message, WEDNESDAY_AFTERNOON);
    expect(reply.kind).toBe(kind);
    // formatBRL keeps 'R$' and the value together with a no-break space.
    const text = reply.text.replace(/\u00a0/g, ' ');
    for (const piece of mustContain) expect(text).toContain(piece);
  });

  it('never offers a product that is not in the active list', () => {
    const reply = ruleReply(store, 'quanto custa a caneca?', WEDNESDAY_AFTERNOON);
    expect(reply.text).not.toContain('Caneca');
    expect(reply.text).not.toContain('45,00');
  });

  it("uses the store's time zone for 'today'", () => {
    // 01:30 UTC on Sunday is still Saturday 22:30 in São Paulo.
    const saturdayNight = new Date('2026-11-22T01:30:00Z');
    const reply = ruleReply(store, 'qual o horário?', saturdayNight);
    expect(reply.text).toContain('Hoje (sábado) abrimos das 09:00 às 13:00.');
    const manaus = ruleReply(
      { ...store, timezone: 'America/Manaus' },
      'qual o horário?',
      new Date('2026-11-18T03:30:00Z'),
    );
    expect(manaus.text).toContain('Hoje (terça-feira)');
  });

  it('reads a closing before the opening as after midnight (issue 14)', () => {
    const lateFriday = {
      ...store,
      businessHours: { ...HOURS, sexta: { enabled: true, start: '18:00', end: '02:00' } },
    };
    // Friday 23:00 in São Paulo (Saturday 02:00 UTC).
    const fridayNight = ruleReply(lateFriday, 'qual o horário?', new Date('2026-11-21T02:00:00Z'));
    expect(fridayNight.text).toContain(
      'Hoje (sexta-feira) abrimos das 18:00 às 02:00 (dia seguinte) e estamos abertos agora.',
    );
    expect(fridayNight.text).toContain('Sexta-feira: 18:00 às 02:00 (dia seguinte)');
    // Saturday 01:30 in São Paulo: still Friday's night.
    const early = ruleReply(lateFriday, 'qual o horário?', new Date('2026-11-21T04:30:00Z'));
    expect(early.text).toContain('Estamos abertos agora, até as 02:00.');
    expect(early.text).toContain('Hoje (sábado) abrimos das 09:00 às 13:00.');
    // Saturday 02:30: closed until 09:00.
    const after = ruleReply(lateFriday, 'qual o horário?', new Date('2026-11-21T05:30:00Z'));
    expect(after.text).toContain('Hoje (sábado) abrimos das 09:00 às 13:00.');
    expect(after.text).not.toContain('abertos agora');
  });

  it("follows the owner's guidance: tone and facts", () => {
    const guided = {
      ...store,
      personalizacao: {
        mensagemBoasVindas:
          'Seja bem descontraído e use emojis. Fazemos entrega grátis no bairro Centro. Diga que aceitamos Pix.',
        tomVoz: '',
        informacoesImportantes: '',
      },
    };
    const hello = ruleReply(guided, 'oi', WEDNESDAY_AFTERNOON);
    expect(hello.text).toContain('😊');
    expect(hello.text).toContain('Fazemos entrega grátis no bairro Centro.');
    expect(hello.text).toContain('Aceitamos Pix.');
    expect(hello.text).not.toContain('Seja bem descontraído');
    expect(ruleReply(guided, 'vocês fazem entrega?', WEDNESDAY_AFTERNOON)).toMatchObject({
      kind: 'fact',
      text: 'Fazemos entrega grátis no bairro Centro.',
    });
    expect(ruleReply(guided, 'aceita pix?', WEDNESDAY_AFTERNOON).text).toBe('Aceitamos Pix.');
    const formal = ruleReply(
      {
        ...store,
        personalizacao: {
          mensagemBoasVindas: 'Fale de forma formal.',
          tomVoz: '',
          informacoesImportantes: '',
        },
      },
      'oi',
      WEDNESDAY_AFTERNOON,
    );
    expect(formal.text).toContain('Em que posso ajudá-lo(a)?');
  });

  it('says so when the address was never filled in', () => {
    const noAddress = {
      ...store,
      address: {
        logradouro: '',
        numero: '',
        complemento: '',
        bairro: '',
        cidade: '',
        uf: '',
        cep: '',
      },
    };
    expect(ruleReply(noAddress, 'onde fica a loja?', WEDNESDAY_AFTERNOON).text).toContain(
      'O endereço ainda não foi cadastrado',
    );
  });
});
