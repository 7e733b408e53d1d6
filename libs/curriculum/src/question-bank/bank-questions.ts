import { hasDistinctAlternatives, LIMITS } from '@planejador/contracts';
import type { BankItem } from './bank-rules';
import { QUESTION_BANK_DIR, readBankFiles } from './question-bank';

/**
 * The question bank as the drafters use it (decisions.md, "Questions that check"): read once per process, on first
 * use, from libs/curriculum/data/question-bank. Only items a lesson's verificação accepts are served (a multiple-choice
 * question with 4 distinct alternatives and `correta` 0..3, an open one with its expected answer, both within the
 * question caps): `npm test` checks the shipped files by the bank's rules, and a file that would break them never
 * reaches a lesson.
 */
let bank: ReadonlyMap<string, readonly BankItem[]> | null = null;

function usable(raw: unknown): raw is BankItem {
  const item = raw as Partial<Record<string, unknown>> | null;
  if (!item || typeof item.enunciado !== 'string') return false;
  const enunciado = item.enunciado.trim();
  if (!enunciado || enunciado.length > LIMITS.enunciadoMax) return false;
  if (item.tipo === 'multipla') {
    const alternativas = item.alternativas;
    return (
      Array.isArray(alternativas) &&
      alternativas.every((a) => typeof a === 'string' && a.trim().length <= LIMITS.alternativaMax) &&
      hasDistinctAlternatives(alternativas as string[]) &&
      Number.isInteger(item.correta) &&
      (item.correta as number) >= 0 &&
      (item.correta as number) <= 3
    );
  }
  if (item.tipo === 'aberta') {
    const resposta = typeof item.respostaEsperada === 'string' ? item.respostaEsperada.trim() : '';
    return resposta.length > 0 && resposta.length <= LIMITS.respostaEsperadaMax;
  }
  return false;
}

/** One item as served: trimmed texts, nothing but the item's own fields. */
function served(item: BankItem): BankItem {
  if (item.tipo === 'aberta') return { tipo: 'aberta', enunciado: item.enunciado.trim(), respostaEsperada: item.respostaEsperada.trim() };
  const [a, b, c, d] = item.alternativas.map((alt) => alt.trim());
  return { tipo: 'multipla', enunciado: item.enunciado.trim(), alternativas: [a, b, c, d], correta: item.correta };
}

function load(dir: string): ReadonlyMap<string, readonly BankItem[]> {
  const { items } = readBankFiles(dir);
  return new Map([...items].map(([code, list]) => [code.toUpperCase(), Object.freeze((list as unknown[]).filter(usable).map(served))]));
}

/**
 * The bank's items for a skill or objective, as written there; a state code ('EF01MA01RS-1') falls back to its BNCC
 * code's items, as skillClassroom does; [] for a code the bank does not hold yet.
 */
export function bankQuestionsFor(code: string): BankItem[] {
  bank ??= load(QUESTION_BANK_DIR);
  const upper = code.trim().toUpperCase();
  return [...(bank.get(upper) ?? bank.get(upper.slice(0, 8)) ?? [])];
}

