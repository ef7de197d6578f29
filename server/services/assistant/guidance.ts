/**
 * Reads the owner's free-text guidance ('Conte para o agente virtual como ele deve agir'):
 * instructions shape the tone; statements are facts the assistant may tell customers.
 */
import { fold, keywords, sameWord } from './text-match';

export type Tone = 'neutral' | 'formal' | 'friendly';

export type Guidance = { tone: Tone; facts: string[] };

/** Sentences that start like an order to the assistant are instructions, not facts. */
const INSTRUCTION_STARTS = [
  'seja',
  'sejam',
  'use',
  'usar',
  'utilize',
  'fale',
  'falar',
  'responda',
  'responder',
  'trate',
  'tratar',
  'nao',
  'nunca',
  'sempre',
  'evite',
  'chame',
  'cumprimente',
  'mantenha',
  'escreva',
  'aja',
  'atue',
  'voce e',
  'voce deve',
  'voce sera',
  'quero que',
  'gostaria que',
  'procure',
  'capriche',
  'tente',
  'ajude',
  'mande',
  'envie',
  'coloque',
];
/** "Diga que temos entrega grátis" → the fact is "temos entrega grátis". */
const TELL_PREFIX =
  /^(diga|informe|avise|lembre|fale|mencione|conte|explique)( sempre)? (aos clientes |ao cliente |para os clientes )?que\s+/i;

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function readGuidance(text: string): Guidance {
  const folded = fold(text);
  let tone: Tone = 'neutral';
  if (/\b(formal|formalmente|senhor|senhora|educad)/.test(folded) && !/\binformal/.test(folded)) {
    tone = 'formal';
  } else if (
    /\b(informal|descontraid|divertid|emoji|animad|amigavel|simpatic|alegre|carinhos)/.test(folded)
  ) {
    tone = 'friendly';
  }
  const facts: string[] = [];
  for (const raw of text.split(/(?<=[.!?])\s+|\n+/)) {
    const sentence = raw.trim();
    if (sentence.length < 3) continue;
    const tell = TELL_PREFIX.exec(sentence);
    if (tell) {
      facts.push(capitalize(sentence.slice(tell[0].length)));
      continue;
    }
    const start = fold(sentence);
    if (INSTRUCTION_STARTS.some((w) => start === w || start.startsWith(`${w} `))) continue;
    facts.push(sentence);
  }
  return { tone, facts: facts.map((f) => (/[.!?]$/.test(f) ? f : `${f}.`)) };
}

/** The owner's facts that share a meaningful word with the question ('vocês entregam?'). */
export function factsFor(question: string, facts: string[]): string[] {
  const asked = keywords(question);
  if (asked.length === 0) return [];
  return facts.filter((fact) => {
    const known = keywords(fact);
    return asked.some((a) => known.some((k) => sameWord(a, k)));
  });
}
