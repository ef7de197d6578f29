/** The rule-based assistant: understands common questions and answers from the store's data. */
import type { Weekday } from '../../../src/domain/hours';
import { dayHoursSentence, hoursAnswer, nextDay, storeClock } from '../stores/hours-text';
import { factsFor, readGuidance, type Tone } from './guidance';
import { catalogueSample, matchProducts, productsAnswer } from './product-match';
import { formatAddress, type StoreFacts } from './store-facts';
import { fold, hasAny } from './text-match';
import {
  ACKS,
  ADDRESS,
  AVAILABILITY,
  CATALOG,
  DAY_WORDS,
  GREETINGS,
  HOURS,
  PRICE,
  SERVICE,
  THANKS,
} from './vocabulary';

export type ReplyKind =
  | 'greeting'
  | 'hours'
  | 'address'
  | 'product'
  | 'product_not_found'
  | 'catalog'
  | 'thanks'
  | 'fact'
  | 'fallback'
  /** Nothing worth answering ('ok', an emoji): the assistant stays quiet. */
  | 'silence';

export type Reply = { kind: ReplyKind; text: string };

const OPENERS: Record<Tone, string> = { neutral: 'Olá!', formal: 'Olá!', friendly: 'Oi! 😊' };

function greetingWord(folded: string, tone: Tone): string {
  for (const g of ['bom dia', 'boa tarde', 'boa noite']) {
    if (hasAny(folded, [g]))
      return `${g.charAt(0).toUpperCase()}${g.slice(1)}!${tone === 'friendly' ? ' 😊' : ''}`;
  }
  return OPENERS[tone];
}

function fallbackText(tone: Tone): string {
  if (tone === 'formal') {
    return 'Agradecemos a sua mensagem. O responsável pela loja irá respondê-lo(a) em breve.';
  }
  if (tone === 'friendly')
    return 'Recebi sua mensagem! 😊 O responsável pela loja vai te responder rapidinho.';
  return 'Obrigado pela mensagem! O responsável pela loja vai te responder em breve.';
}

/** Which days the question names: 'vcs abrem domingo?', 'e amanhã?', 'fim de semana'. */
function askedDays(folded: string, today: Weekday): { day: Weekday; label?: string }[] {
  const days: { day: Weekday; label?: string }[] = [];
  if (hasAny(folded, ['hoje'])) days.push({ day: today, label: 'Hoje' });
  if (hasAny(folded, ['amanha'])) days.push({ day: nextDay(today), label: 'Amanhã' });
  if (hasAny(folded, ['fim de semana', 'final de semana', 'fds'])) {
    days.push({ day: 'sabado' }, { day: 'domingo' });
  }
  for (const [word, day] of DAY_WORDS) {
    if (hasAny(folded, [word]) && !days.some((d) => d.day === day && !d.label)) days.push({ day });
  }
  return days;
}

export function ruleReply(facts: StoreFacts, message: string, now: Date): Reply {
  const folded = fold(message);
  if (folded === '' || ACKS.includes(folded)) return { kind: 'silence', text: '' };
  const { tone, facts: ownerFacts } = readGuidance(facts.personalizacao.mensagemBoasVindas);
  const parts: string[] = [];
  let kind: ReplyKind | null = null;
  const add = (k: ReplyKind, text: string) => {
    kind ??= k;
    parts.push(text);
  };

  const asksPrice = hasAny(folded, PRICE);
  const asksAvailability = hasAny(folded, AVAILABILITY);
  const { found, exact } = matchProducts(message, facts.products);
  if (found.length > 0 && (asksPrice || asksAvailability || !hasAny(folded, HOURS))) {
    add('product', productsAnswer(found, exact));
  } else if (hasAny(folded, CATALOG)) {
    add(
      'catalog',
      facts.products.length
        ? `Nossos produtos:\n${catalogueSample(facts.products, 10)}`
        : 'Nosso catálogo ainda está sendo montado. O responsável pela loja vai te responder em breve.',
    );
  } else if (
    asksPrice ||
    (asksAvailability && !hasAny(folded, HOURS) && !hasAny(folded, ADDRESS))
  ) {
    const sample = facts.products.length
      ? `\n\nAlguns dos nossos produtos:\n${catalogueSample(facts.products)}`
      : '';
    const ownerFact = factsFor(message, ownerFacts);
    if (ownerFact.length) add('fact', ownerFact.join(' '));
    else if (!hasAny(folded, SERVICE))
      add(
        'product_not_found',
        `Não encontrei esse item no nosso catálogo, mas o responsável pela loja vai te responder em breve.${sample}`,
      );
  }

  const holiday = hasAny(folded, ['feriado', 'feriados']);
  if (hasAny(folded, HOURS) || holiday) {
    const { day } = storeClock(now, facts.timezone);
    const days = askedDays(folded, day);
    const hours =
      days.length > 0
        ? days.map((d) => dayHoursSentence(facts.businessHours, d.day, d.label)).join(' ')
        : hoursAnswer(facts.businessHours, now, facts.timezone);
    // Holidays are not in the weekly hours: say so instead of guessing.
    const note = holiday
      ? 'Em feriados o horário pode mudar: o responsável pela loja vai confirmar.\n\n'
      : '';
    add('hours', `${note}${hours}`);
  }

  if (hasAny(folded, ADDRESS)) {
    const address = formatAddress(facts.address);
    add(
      'address',
      address
        ? `Estamos na ${address}.`
        : 'O endereço ainda não foi cadastrado. O responsável pela loja vai te responder em breve.',
    );
  }

  const greets = GREETINGS.some((g) => folded === g || folded.startsWith(`${g} `));
  if (parts.length > 0) {
    const text = parts.join('\n\n');
    return {
      kind: kind ?? 'fallback',
      text: greets ? `${greetingWord(folded, tone)} ${text}` : text,
    };
  }
  if (hasAny(folded, THANKS)) {
    return {
      kind: 'thanks',
      text:
        tone === 'formal'
          ? 'Nós que agradecemos! Estamos à disposição.'
          : 'Por nada! Qualquer coisa é só chamar.',
    };
  }
  const ownerFact = factsFor(message, ownerFacts);
  if (ownerFact.length > 0 && !greets) return { kind: 'fact', text: ownerFact.join(' ') };
  if (greets) {
    const intro =
      tone === 'formal'
        ? `Seja bem-vindo(a)! Você está falando com ${facts.name}. Em que posso ajudá-lo(a)? Posso informar nossos horários, endereço e preços.`
        : `Você está falando com ${facts.name}. Posso te ajudar com nossos horários, endereço e preços dos produtos.`;
    const extra = ownerFacts.length ? `\n\n${ownerFacts.join(' ')}` : '';
    return { kind: 'greeting', text: `${greetingWord(folded, tone)} ${intro}${extra}` };
  }
  return { kind: 'fallback', text: fallbackText(tone) };
}
