import { ALTERNATIVA_LETRAS, cutAtWord, foldAlternative, type Questao, type QuestaoBanco } from '@planejador/contracts';

/**
 * Drawing questions from Planejador's question bank (decisions.md, "Questions that check"): the offline verificação,
 * the offline assessment and the AI's examples all take a skill's bank items through here, rotated so that lessons
 * (or assessments) citing the same skill do not open with the same question.
 */

/** A skill and its bank items (SkillClassroomText.questoes). */
export interface SkillBank {
  code: string;
  questoes: readonly QuestaoBanco[];
}

/** How a statement is compared: case, accents and spacing folded. */
export function questionKey(enunciado: string): string {
  return foldAlternative(enunciado);
}

/**
 * Where the `turn`-th draw (0: the first lesson, the first assessment) of `take` items starts in a list of `length`:
 * each turn starts past the items the previous took, and one further at each full lap, so consecutive turns never
 * open with the same item (when the list has two or more) and a lap does not replay the same sets.
 */
export function rotationStart(turn: number, take: number, length: number): number {
  if (length <= 1) return 0;
  const n = Math.max(0, Math.floor(turn));
  const step = Math.max(1, take);
  return (n * step + Math.floor((n * step) / length)) % length;
}

function rotate<T>(list: readonly T[], start: number): T[] {
  if (list.length === 0) return [];
  const s = ((start % list.length) + list.length) % list.length;
  return [...list.slice(s), ...list.slice(0, s)];
}

/** The item with the skill's code: what a lesson's verificação or an assessment stores. */
export function withSkill(item: QuestaoBanco, code: string): Questao {
  return item.tipo === 'multipla'
    ? { tipo: 'multipla', enunciado: item.enunciado, alternativas: [...item.alternativas], correta: item.correta, habilidade: code }
    : { tipo: 'aberta', enunciado: item.enunciado, respostaEsperada: item.respostaEsperada, habilidade: code };
}

export interface DrawOptions {
  /** How many to draw at most. */
  count: number;
  /** 0 for the first lesson (numeroAula 1) or assessment: rotates each skill's list and which skill opens. */
  turn: number;
  /** Statements to use last (a regeneration's current questions), folded by questionKey. */
  avoid?: ReadonlySet<string>;
  /** Only items of this kind (infantil's points to observe are open items). */
  tipo?: QuestaoBanco['tipo'];
}

/**
 * Up to `count` bank questions of the skills, round-robin over the skills (each question naming its own skill's
 * code), never one statement twice; each skill's list rotated by the turn, and the skills' order too.
 */
export function drawBankQuestions(skills: readonly SkillBank[], options: DrawOptions): Questao[] {
  const { count, turn, avoid, tipo } = options;
  const withItems = skills
    .map((s) => ({ code: s.code, items: s.questoes.filter((q) => (tipo ? q.tipo === tipo : true) && q.enunciado.trim()) }))
    .filter((s) => s.items.length > 0);
  if (withItems.length === 0 || count <= 0) return [];
  const perSkill = Math.ceil(count / withItems.length);
  const lists = rotate(withItems, turn).map((s) => {
    const turned = rotate(s.items, rotationStart(turn, perSkill, s.items.length));
    // A regeneration's current questions go last: a new check where the bank has other questions.
    const fresh = turned.filter((q) => !avoid?.has(questionKey(q.enunciado)));
    const stale = turned.filter((q) => avoid?.has(questionKey(q.enunciado)));
    return { code: s.code, items: [...fresh, ...stale] };
  });
  const seen = new Set<string>();
  const drawn: Questao[] = [];
  const next = lists.map(() => 0);
  let progressed = true;
  while (drawn.length < count && progressed) {
    progressed = false;
    lists.forEach((list, i) => {
      if (drawn.length >= count) return;
      while (next[i] < list.items.length) {
        const item = list.items[next[i]++];
        const key = questionKey(item.enunciado);
        if (seen.has(key)) continue;
        seen.add(key);
        drawn.push(withSkill(item, list.code));
        progressed = true;
        return;
      }
    });
  }
  return drawn;
}

/** The longest stretch of each part of an example in a prompt: a statement, an alternative, an expected answer. */
const EXAMPLE_CAPS = { enunciado: 220, alternativa: 70, resposta: 160 };

/** Bank examples a prompt shows at most: per skill, and skills. */
export const BANK_EXAMPLES_PER_SKILL = 2;
export const BANK_EXAMPLE_SKILLS_MAX = 6;

/** A text on one line, whole when it fits, else cut at a word and marked as cut. */
function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/gu, ' ').trim();
  return clean.length <= max ? clean : `${cutAtWord(clean, max)}…`;
}

/** One example on one line: the skill, the kind, the statement and the alternatives (the right one marked) or the answer. */
function exampleLine(q: Questao): string {
  const enunciado = clip(q.enunciado, EXAMPLE_CAPS.enunciado);
  if (q.tipo === 'aberta') return `- ${q.habilidade} (aberta): ${enunciado} | Resposta esperada: ${clip(q.respostaEsperada, EXAMPLE_CAPS.resposta)}`;
  const options = q.alternativas.map((a, i) => `${ALTERNATIVA_LETRAS[i]}) ${clip(a, EXAMPLE_CAPS.alternativa)}${i === q.correta ? ' (correta)' : ''}`);
  return `- ${q.habilidade} (múltipla escolha): ${enunciado} | ${options.join('; ')}`;
}

/**
 * The prompt's examples of level and kind: up to 2 bank questions of each of the skills (at most 6 skills, in the
 * order given), each on one line with its parts cut short, so the block stays within a few thousand characters
 * whatever the bank holds; [] when none of the skills has bank items.
 */
export function bankExampleLines(skills: readonly SkillBank[], turn = 0): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const skill of skills) {
    if (seen.has(skill.code) || seen.size >= BANK_EXAMPLE_SKILLS_MAX) continue;
    seen.add(skill.code);
    lines.push(...drawBankQuestions([skill], { count: BANK_EXAMPLES_PER_SKILL, turn }).map(exampleLine));
  }
  return lines;
}
