import { RUBRICA_NIVEIS, type HabilidadeParcial, type QuestaoParcial, type RubricaNivel } from '@planejador/contracts';
import { readString, skipSpace } from '../partial-json';

/**
 * Streaming of an assessment's skill (issue 36): the answer's JSON as it arrives ('{"questoes":[{"tipo":"multipla",
 * "enunciado":"Qual fra'), read as far as it goes, so the page shows the questions' texts and the rubric's
 * descriptors growing instead of raw JSON. Never throws; only the complete answer is ever parsed and stored.
 */

/** The rubric's keys in the answer, in RUBRICA_NIVEIS order. */
const RUBRICA_ANSWER_KEYS = ['naoDesenvolveu', 'emDesenvolvimento', 'desenvolveu', 'desenvolveuPlenamente'] as const;

interface Parsed {
  value: unknown;
  /** The value ended inside the prefix (a string closed, an array or object closed, a number followed by more). */
  complete: boolean;
  end: number;
}

/** A string at `start` (its opening quote), read as far as it arrived (a half-received escape left out). */
function readStringValue(s: string, start: number): Parsed {
  const { text, closed, end } = readString(s, start);
  return { value: text, complete: closed, end };
}

function readArray(s: string, start: number, depth: number): Parsed {
  const out: unknown[] = [];
  let i = skipSpace(s, start + 1);
  while (i < s.length) {
    if (s[i] === ']') return { value: out, complete: true, end: i + 1 };
    const item = readValue(s, i, depth + 1);
    if (!item) return { value: out, complete: false, end: s.length };
    out.push(item.value);
    if (!item.complete) return { value: out, complete: false, end: s.length };
    i = skipSpace(s, item.end);
    if (s[i] === ',') i = skipSpace(s, i + 1);
    else if (s[i] !== ']') return { value: out, complete: false, end: s.length };
  }
  return { value: out, complete: false, end: s.length };
}

function readObject(s: string, start: number, depth: number): Parsed {
  const out: Record<string, unknown> = {};
  let i = skipSpace(s, start + 1);
  while (i < s.length) {
    if (s[i] === '}') return { value: out, complete: true, end: i + 1 };
    if (s[i] !== '"') break;
    const key = readStringValue(s, i);
    if (!key.complete) break;
    i = skipSpace(s, key.end);
    if (s[i] !== ':') break;
    i = skipSpace(s, i + 1);
    const value = readValue(s, i, depth + 1);
    if (!value) break;
    out[key.value as string] = value.value;
    if (!value.complete) break;
    i = skipSpace(s, value.end);
    if (s[i] === ',') i = skipSpace(s, i + 1);
    else if (s[i] !== '}') break;
  }
  return { value: out, complete: false, end: s.length };
}

/** A number or a literal, only once something follows it (a prefix '12' may still become '125'). */
function readScalar(s: string, start: number): Parsed | null {
  const match = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/u.exec(s.slice(start, start + 64));
  if (!match) return null;
  const end = start + match[0].length;
  if (end >= s.length) return null;
  return { value: JSON.parse(match[0]) as unknown, complete: true, end };
}

function readValue(s: string, start: number, depth: number): Parsed | null {
  const i = skipSpace(s, start);
  if (i >= s.length || depth > 32) return null;
  const c = s[i];
  if (c === '"') return readStringValue(s, i);
  if (c === '[') return readArray(s, i, depth);
  if (c === '{') return readObject(s, i, depth);
  return readScalar(s, i);
}

/**
 * A JSON text's prefix read as a value: strings cut where the text stops, arrays and objects closed there, a
 * number or literal that may still grow left out (with its key). Undefined when not even a value has begun.
 */
export function partialJsonValue(prefix: string): unknown {
  return readValue(prefix, 0, 0)?.value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function questao(raw: unknown): QuestaoParcial {
  const q = isRecord(raw) ? raw : {};
  const tipo = q.tipo === 'multipla' || q.tipo === 'aberta' ? q.tipo : null;
  const alternativas = Array.isArray(q.alternativas) ? q.alternativas.filter((a): a is string => typeof a === 'string') : [];
  return { tipo, enunciado: text(q.enunciado), alternativas, respostaEsperada: tipo === 'aberta' ? text(q.respostaEsperada) : '' };
}

/** The rubric's descriptors begun so far, as an object by level key (the answer's shape) or as a list. */
function rubrica(raw: unknown): RubricaNivel[] {
  const descritores: unknown[] = Array.isArray(raw)
    ? raw.map((r) => (isRecord(r) ? r.descritor : r))
    : isRecord(raw)
      ? RUBRICA_ANSWER_KEYS.map((key) => raw[key])
      : [];
  return RUBRICA_NIVEIS.flatMap((nivel, i) => (typeof descritores[i] === 'string' ? [{ nivel, descritor: descritores[i] }] : []));
}

/** A skill's questions and rubric as far as the answer's prefix goes. */
export function partialSkillAssessment(prefix: string): HabilidadeParcial {
  const value = partialJsonValue(prefix);
  if (!isRecord(value)) return { questoes: [], rubrica: [] };
  return { questoes: Array.isArray(value.questoes) ? value.questoes.map(questao) : [], rubrica: rubrica(value.rubrica) };
}

/** The characters of text a partial skill shows (the writer reports it again only when this grew). */
export function partialTextSize(parcial: HabilidadeParcial): number {
  let size = 0;
  for (const q of parcial.questoes) size += q.enunciado.length + q.respostaEsperada.length + q.alternativas.reduce((sum, a) => sum + a.length, 0);
  for (const r of parcial.rubrica) size += r.descritor.length;
  return size;
}
