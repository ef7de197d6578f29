/** CEP (postal code): mask and the answer of the public lookup service (ViaCEP). */
import { z } from 'zod';
import { onlyDigits } from './text';

/** NNNNN-NNN, at most 9 characters. */
export function maskCep(input: string): string {
  const d = onlyDigits(input).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

const viaCepAnswer = z.union([
  z.object({ erro: z.union([z.literal(true), z.literal('true')]) }),
  z.object({
    logradouro: z.string().default(''),
    bairro: z.string().default(''),
    localidade: z.string().default(''),
    uf: z.string().default(''),
  }),
]);

export type CepAddress = { logradouro: string; bairro: string; cidade: string; uf: string };

/** 'not-found' for `erro: true` or `erro: "true"`; throws on an unexpected shape. */
export function readViaCep(body: unknown): CepAddress | 'not-found' {
  const parsed = viaCepAnswer.parse(body);
  if ('erro' in parsed) return 'not-found';
  return {
    logradouro: parsed.logradouro,
    bairro: parsed.bairro,
    cidade: parsed.localidade,
    uf: parsed.uf,
  };
}

export function viaCepUrl(cep: string): string {
  return `https://viacep.com.br/ws/${onlyDigits(cep)}/json/`;
}
