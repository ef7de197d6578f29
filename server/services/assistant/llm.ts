/** Optional replies from an OpenAI-compatible /chat/completions endpoint, grounded in store data. */
import { formatBRL } from '../../../src/domain/money';
import type { LlmConfig } from '../../env';
import { logger } from '../../logger';
import { hoursAnswer } from '../stores/hours-text';
import { formatAddress, type StoreFacts } from './store-facts';

export function systemPrompt(facts: StoreFacts, now: Date): string {
  const products = facts.products
    .slice(0, 200)
    .map((p) => `- ${p.name}: ${formatBRL(p.price)}${p.description ? ` (${p.description})` : ''}`)
    .join('\n');
  return [
    `Você é o assistente virtual da loja "${facts.name}" no WhatsApp.`,
    'Responda em português do Brasil, em no máximo 3 frases curtas, usando SOMENTE os dados abaixo.',
    'Nunca invente preços, produtos, horários ou promoções. Se não souber, diga que o responsável pela loja vai responder em breve.',
    'Orientações do dono da loja (siga o tom e use os fatos):',
    facts.personalizacao.mensagemBoasVindas || '(nenhuma)',
    `Horários:\n${hoursAnswer(facts.businessHours, now, facts.timezone)}`,
    `Endereço: ${formatAddress(facts.address) || 'não cadastrado'}`,
    `Produtos à venda:\n${products || '(nenhum cadastrado)'}`,
  ].join('\n\n');
}

/** The model's reply, or null on any problem (timeout, error, empty): the caller falls back. */
export async function llmReply(
  config: LlmConfig,
  facts: StoreFacts,
  message: string,
  now: Date,
): Promise<string | null> {
  try {
    const res = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: config.model,
        temperature: 0.3,
        max_tokens: 300,
        messages: [
          { role: 'system', content: systemPrompt(facts, now) },
          { role: 'user', content: message.slice(0, 2000) },
        ],
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!res.ok) {
      logger.warn('assistant llm error', { status: res.status });
      return null;
    }
    const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || !content.trim()) return null;
    return content.trim().slice(0, 1500);
  } catch (error) {
    logger.warn('assistant llm unavailable', { error: String(error) });
    return null;
  }
}
