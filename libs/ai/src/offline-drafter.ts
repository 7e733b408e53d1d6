import { anosOf, etapaOf, LIMITS, materiaLabel, verificacaoCount, type HabilidadeMatch, type QuestaoAberta, type Verificacao } from '@planejador/contracts';
import { asClause, detailLevel, habilidadesText, noSkillsText, sharesMeaningfulWord } from './curriculum-text';
import { MAX_SKILLS_PER_LESSON, pinnedSkills } from './lesson-answer';
import { LEVEL_BOUNDS } from './lesson-prompt';
import { drawBankQuestions, questionKey } from './bank-questions';
import { adaptActivities } from './dua/adapt-activities';
import { offlineDua } from './dua/dua-choice';
import { closestObjects, rankByCloseness, titleFromDescription } from './lesson-topic';
import type { LessonContext, LessonDraft, LessonGenerator } from './types';

/** Extra skills must score at least this share of the best one to join it. */
const CLOSE_SCORE_RATIO = 0.8;

/**
 * The pinned skills when the teacher chose them; else the best-ranked candidate(s): one with limitOneSkill, else up
 * to 3 scoring close to the best.
 */
export function pickOfflineSkills(ctx: LessonContext): HabilidadeMatch[] {
  const pinned = pinnedSkills(ctx);
  if (pinned.length > 0) return pinned;
  const [best, ...rest] = ctx.candidates;
  if (!best) return [];
  if (ctx.plano.limitOneSkill || best.score <= 0) return [best];
  const close = rest.filter((c) => c.score > 0 && c.score >= best.score * CLOSE_SCORE_RATIO);
  return [best, ...close].slice(0, MAX_SKILLS_PER_LESSON);
}

/** Minutes of each step at levels 4 and 5 (a 50-minute lesson). */
const STEP_MINUTES = { acolhida: 10, desenvolvimento: 15, pratica: 10, sistematizacao: 10, encerramento: 5 };

const bullet = (lines: string[]) => lines.map((l) => `- ${l}`).join('\n');

function sentence(text: string): string {
  const t = text.trim().replace(/[;:,\s]+$/u, '');
  const capital = t.charAt(0).toLocaleUpperCase('pt-BR') + t.slice(1);
  return /[.!?…]$/u.test(capital) ? capital : `${capital}.`;
}

/** The skills' own items and then the extras, as many as the level asks for: one more than the own ones, within its bounds. */
function fit(own: string[], extras: string[], [min, max]: [number, number]): string[] {
  const target = Math.max(min, Math.min(max, own.length + 1));
  return [...own, ...extras].slice(0, target);
}

/** What one lesson's texts are built from: its own title and description, its skills and their classroom material. */
interface Lesson {
  ctx: LessonContext;
  level: number;
  titulo: string;
  /** The title as quoted inside a sentence. */
  tema: string;
  skills: HabilidadeMatch[];
  objects: string[];
  /** The skills' example lessons closest to the description first (curriculum data), each with its skill. */
  examples: { text: string; code: string }[];
  /** The skills' classroom words closest to the description first. */
  terms: string[];
  numero: number;
  previous: number | null;
  next: number | null;
}

function lessonOf(ctx: LessonContext, skills: HabilidadeMatch[]): Lesson {
  const numero = ctx.aula.numeroAula;
  const titulo = titleFromDescription(ctx.aula.prompt, numero);
  const numbers = (ctx.sequencia ?? []).map((l) => l.numeroAula).sort((a, b) => a - b);
  const previous = numbers.filter((n) => n < numero).pop() ?? null;
  const next = numbers.find((n) => n > numero) ?? null;
  const classroom = ctx.classroom ?? {};
  const examples = rankByCloseness(
    skills.flatMap((s) => (classroom[s.code]?.exemplos ?? []).map((text) => ({ text, code: s.code }))),
    ctx.aula.prompt,
    (e) => e.text,
  ).map((r) => r.item);
  const terms = rankByCloseness(
    [...new Set(skills.flatMap((s) => classroom[s.code]?.termos ?? []))],
    ctx.aula.prompt,
    (t) => t,
  ).map((r) => r.item);
  return {
    ctx,
    level: detailLevel(ctx),
    titulo,
    tema: `"${titulo}"`,
    skills,
    objects: closestObjects(skills, ctx.aula.prompt, LIMITS.objetosConhecimentoMax),
    examples,
    terms,
    numero,
    previous,
    next,
  };
}

function objetivos(l: Lesson): string {
  const own = l.skills.map((s) => `${asClause(s.description)} (${s.code}), no estudo de ${l.tema}`);
  const extras = [
    `realizar a atividade da aula aplicando o que aprenderam sobre ${l.tema}`,
    `registrar, com palavras, desenhos ou esquemas, o que aprenderam sobre ${l.tema}`,
    ...(l.previous !== null ? [`relacionar ${l.tema} com o que estudaram na Aula ${l.previous}`] : []),
    `explicar com suas palavras o que aprenderam sobre ${l.tema} e como chegaram às suas conclusões`,
    `reconhecer ${l.tema} em situações do seu cotidiano`,
  ];
  return bullet(fit(own, extras, LEVEL_BOUNDS[l.level].objetivos));
}

function objetos(l: Lesson): string {
  if (l.objects.length > 0) return l.objects.join('\n');
  // Infantil's objectives and Ensino Médio's skills list no knowledge objects: their campo or área names the lesson's.
  // One line for them (a lesson lists at most 3 objects), named with the subject when the unit alone would not say
  // whose it is (Ensino Médio's "Competência específica 4").
  const units = [...new Set(l.skills.map((s) => s.unit.trim()).filter(Boolean))];
  if (units.length > 0) {
    const named = units.map((unit) => (/^compet[êe]ncia/iu.test(unit) ? `${materiaLabel(l.ctx.aula.materia)}: ${unit.charAt(0).toLowerCase()}${unit.slice(1)}` : unit));
    return `${named.join('; ')}\nTema da aula: ${l.titulo}.`;
  }
  return `${noSkillsText(l.ctx)}\nTema da aula: ${l.titulo}.`;
}

/** The example lesson the curriculum ships for the skill closest to this lesson's description, if any. */
function exampleActivity(l: Lesson): string | null {
  const example = l.examples[0];
  if (!example) return null;
  // The stage's own word: infantil works "objetivos", never "habilidades" (decisions.md, "Every stage in its own words").
  const item = isInfantil(l) ? 'do objetivo' : 'da habilidade';
  return `Uma atividade possível sobre ${l.tema}, entre os exemplos de ${isInfantil(l) ? 'proposta' : 'aula'} ${item} ${example.code}: "${example.text}".`;
}

function experiencias(l: Lesson): string {
  const { level } = l;
  const timed = (text: string, minutes: number) => (level >= 4 ? `${text} (cerca de ${minutes} min)` : text);
  const subject = l.objects.length > 0 ? `${asClause(l.objects[0])}` : l.tema;
  const codes = l.skills.map((s) => s.code).join(', ');
  const steps: string[] = [];

  let acolhida = `Acolhida e problematização: apresentar o tema da aula, ${l.tema}, e perguntar à turma o que já sabe sobre ${subject}.`;
  if (l.previous !== null) acolhida += ` Retomar o que foi estudado na Aula ${l.previous} como conhecimento prévio.`;
  if (level >= 4) acolhida += ` Registrar no quadro as ideias e dúvidas da turma sobre ${l.tema}.`;
  steps.push(timed(acolhida, STEP_MINUTES.acolhida));

  let desenvolvimento = `Desenvolvimento: ${sentence(l.ctx.aula.prompt)}`;
  const example = exampleActivity(l);
  if (level >= 2 && level <= 3 && example) desenvolvimento += ` ${example}`;
  if (level >= 3) desenvolvimento += ` Enquanto os estudantes trabalham em ${l.tema}, o professor acompanha os grupos, faz perguntas e retoma as dúvidas.`;
  steps.push(timed(desenvolvimento, STEP_MINUTES.desenvolvimento));

  if (level >= 4) {
    let pratica = `Prática orientada: em duplas ou pequenos grupos, os estudantes aplicam o que viram sobre ${l.tema}`;
    pratica += l.skills.length > 0 ? `, com foco em ${asClause(l.skills[0].description).replace(/[.;\s]+$/u, '')}.` : '.';
    if (example) pratica += ` ${example}`;
    if (l.terms.length > 0) pratica += ` Materiais e recursos possíveis para ${l.tema}: ${l.terms.slice(0, 4).join(', ')}.`;
    steps.push(timed(pratica, STEP_MINUTES.pratica));
  }
  if (level >= 2) {
    const link = l.skills.length === 0 ? '' : `, relacionando-as ${l.skills.length === 1 ? 'à habilidade' : 'às habilidades'} ${codes}`;
    steps.push(timed(`Sistematização: registrar coletivamente as conclusões sobre ${l.tema}${link}.`, STEP_MINUTES.sistematizacao));
  }
  let encerramento = `Encerramento: retomar os objetivos da aula sobre ${l.tema} e aplicar as perguntas de verificação da aprendizagem.`;
  if (l.next !== null) encerramento += ` Contar à turma que a Aula ${l.next} continua a partir do que foi aprendido hoje.`;
  if (level >= 4) encerramento += ` Propor uma breve autoavaliação sobre ${l.tema}.`;
  steps.push(timed(encerramento, STEP_MINUTES.encerramento));
  const notes = l.ctx.turma.observacoesAdicionais?.trim();
  if (level >= 5 && notes) steps.push(`Adequações para a turma na aula sobre ${l.tema}: considerar as observações da turma (${notes}).`);

  return steps.map((step, i) => `${i + 1}. ${step}`).join('\n');
}

function evidencias(l: Lesson): string {
  const own = l.skills.map((s) => `Os estudantes demonstram, na atividade sobre ${l.tema}, que conseguem ${asClause(s.description)} (${s.code}).`);
  const extras = [
    ...(l.skills.length === 0 ? [`Os estudantes realizam a atividade proposta sobre ${l.tema}.`] : []),
    `As respostas às perguntas de verificação sobre ${l.tema} mostram o que cada estudante compreendeu.`,
    `Os registros dos estudantes sobre ${l.tema} (escritos, orais ou desenhos) mostram o que compreenderam.`,
    `Os estudantes explicam com suas palavras as conclusões sobre ${l.tema} na sistematização.`,
    `Critério de acompanhamento em ${l.tema}: anotar quem realizou a atividade com autonomia, com ajuda ou ainda não realizou.`,
  ];
  return bullet(fit(own, extras, LEVEL_BOUNDS[l.level].evidencias));
}

/**
 * The lesson's check from the question bank (decisions.md, "Questions that check"): its skills' bank questions (each
 * naming its skill), round-robin over the skills, as many as the level asks for where the bank has them, never one
 * twice; each skill's list rotated by the lesson's number, so lessons citing the same skill open with different
 * questions; a regeneration of the check takes the questions it does not hold yet first. Null when no skill of the
 * lesson has bank items (the generic questions then stand in). With fewer than 3 bank items in all (never with the
 * shipped bank, whose validator asks 3 per skill), `filler` completes the 3 a check holds.
 */
function bankCheck(l: Lesson, count: number, tipo: 'aberta' | undefined, filler: () => QuestaoAberta[]): Verificacao | null {
  const classroom = l.ctx.classroom ?? {};
  const current = l.ctx.regeneration?.currentVerificacao?.questoes ?? [];
  const avoid = new Set(current.map((q) => questionKey(q.enunciado)));
  const drawn = drawBankQuestions(
    l.skills.map((s) => ({ code: s.code, questoes: classroom[s.code]?.questoes ?? [] })),
    { count, turn: l.numero - 1, avoid, tipo },
  );
  if (drawn.length === 0) return null;
  const taken = new Set(drawn.map((q) => questionKey(q.enunciado)));
  const fill = filler().filter((q) => !taken.has(questionKey(q.enunciado)));
  return { questoes: [...drawn, ...fill.slice(0, Math.max(0, LIMITS.verificacaoMin - drawn.length))] };
}

/**
 * The lesson's exit questions: its skills' bank questions (bankCheck); for a lesson whose skills have none (Inglês
 * 1º-5º cites no skill), open questions (tipo 'aberta') from its objectives and skills, the expected answers drawn
 * from the skill's official text: the drafter never invents alternatives. As many as the detail level asks for.
 */
function verificacao(l: Lesson): Verificacao {
  const count = verificacaoCount(l.level, l.ctx.turma.etapa);
  // A bank check short of 3 is completed with generic questions that ask for a case, never "what you learned".
  return bankCheck(l, count, undefined, () => genericQuestions(l, count + 1).slice(1)) ?? { questoes: genericQuestions(l, count) };
}

function genericQuestions(l: Lesson, count: number): QuestaoAberta[] {
  const skillAt = (i: number): HabilidadeMatch | undefined => l.skills[i % Math.max(1, l.skills.length)];
  const expected = (skill: HabilidadeMatch | undefined) =>
    skill ? `Espera-se que o estudante mostre que consegue ${asClause(skill.description)}` : `Espera-se que o estudante relacione sua resposta à atividade da aula: ${l.ctx.aula.prompt.trim()}`;
  const object = (i: number) => l.objects[i % Math.max(1, l.objects.length)];
  const clause = (skill: HabilidadeMatch | undefined) => (skill ? asClause(skill.description) : 'realizar a atividade da aula');
  const terms = l.terms.slice(0, 3);
  const questions: { enunciado: string; resposta: (skill: HabilidadeMatch | undefined) => string }[] = [
    {
      enunciado: `Explique com suas palavras o que você aprendeu na aula sobre ${l.tema}.`,
      resposta: (s) => sentence(expected(s)),
    },
    {
      enunciado: object(0)
        ? `O que a atividade sobre ${l.tema} mostrou a respeito de ${asClause(object(0))}?`
        : `O que a atividade sobre ${l.tema} mostrou a você?`,
      resposta: (s) => sentence(object(0) ? `Uma resposta que relacione a atividade da aula a ${asClause(object(0))}` : expected(s)),
    },
    {
      enunciado: `Dê um exemplo, da atividade da aula ou do seu dia a dia, que tenha a ver com ${l.tema}, e explique por quê.`,
      resposta: (s) =>
        sentence(`Um exemplo coerente com o que a habilidade${s ? ` ${s.code}` : ''} pede${terms.length > 0 ? ` (por exemplo: ${terms.join(', ')})` : ''}`),
    },
    {
      enunciado: `Que parte da atividade sobre ${l.tema} foi mais difícil para você, e como você a resolveu?`,
      resposta: (s) => sentence(`Resposta pessoal. O professor observa se o estudante já consegue ${clause(s)}`),
    },
    {
      enunciado:
        l.previous !== null
          ? `Como o que você aprendeu sobre ${l.tema} se liga ao que estudou na Aula ${l.previous}?`
          : `Em que situação fora da escola você usaria o que aprendeu sobre ${l.tema}?`,
      resposta: (s) => sentence(`Uma situação em que o estudante precise ${clause(s)}`),
    },
  ];
  return questions.slice(0, count).map(({ enunciado, resposta }, i): QuestaoAberta => {
    const skill = skillAt(i);
    return { tipo: 'aberta', enunciado, respostaEsperada: resposta(skill), habilidade: skill?.code ?? '' };
  });
}

/** Whether the lesson is infantil's: a proposta of experiences for young children, checked by points to observe. */
function isInfantil(l: Lesson): boolean {
  return etapaOf(l.ctx.turma.etapa) === 'infantil';
}

/**
 * How the grupo's children show what they live: bebês (grupo 1, up to a year and a half) with gestures, looks,
 * babble and movement (BNCC EI01EO04, EI01EF06), not yet by telling, drawing or writing; the older grupos also by
 * speaking and drawing. `roda`: the closing circle (a roda de conversa once they speak).
 */
interface Expressao {
  /** How they express themselves ("com ..."), and the same as the subject of a sentence. */
  meios: string;
  sinais: string;
  /** Where the teacher looks for signs, in one child's expression. */
  ondeProcurar: string;
  /** What they do to share: plural, singular, infinitive. */
  mostram: string;
  mostra: string;
  mostrar: string;
  roda: string;
  /** What the teacher does as the proposta is presented. */
  escuta: string;
}

function expressao(l: Lesson): Expressao {
  if (l.ctx.turma.ano.trim() === BEBES) {
    return {
      meios: 'gestos, olhares, balbucios e movimentos',
      sinais: 'Os gestos, os olhares, os balbucios e os movimentos',
      ondeProcurar: 'nos gestos, olhares e balbucios da criança',
      mostram: 'mostram',
      mostra: 'mostra',
      mostrar: 'mostrar',
      roda: 'roda de cantigas',
      escuta: 'observar como reagem, com olhares, gestos e balbucios',
    };
  }
  return {
    meios: 'falas, gestos ou desenhos',
    sinais: 'As falas, os gestos e os desenhos',
    ondeProcurar: 'nas falas e produções da criança',
    mostram: 'mostram e contam',
    mostra: 'conta',
    mostrar: 'contar',
    roda: 'roda de conversa',
    escuta: 'escutar o que já conhecem e o que têm vontade de fazer',
  };
}

/** The grupo etário of bebês in infantil's `ano` (etapas.ts: '1' bebês, '2' crianças bem pequenas, '3' crianças pequenas). */
const BEBES = anosOf('infantil')[0];

/** "no campo de experiência "O eu, o outro e o nós"", or Computação's objectives. */
function campoPhrase(l: Lesson): string {
  const materia = l.ctx.aula.materia;
  return materia === 'computacao' ? 'com os objetivos de Computação' : `no campo de experiência "${materiaLabel(materia)}"`;
}

function objetivosInfantil(l: Lesson): string {
  const own = l.skills.map((s) => `${asClause(s.description)} (${s.code}), nas vivências de ${l.tema}`);
  const { meios, mostrar, roda } = expressao(l);
  const extras = [
    `participar das brincadeiras e vivências de ${l.tema} com as outras crianças e os adultos`,
    `expressar, com ${meios}, o que viveram em ${l.tema}`,
    ...(l.previous !== null ? [`retomar o que viveram na proposta da Aula ${l.previous}`] : []),
    `${mostrar} na ${roda} o que descobriram em ${l.tema}`,
    `reconhecer ${l.tema} em situações do seu dia a dia`,
  ];
  return bullet(fit(own, extras, LEVEL_BOUNDS[l.level].objetivos));
}

/**
 * A proposta of experiences for the grupo's children: a roda de conversa, the teacher's own vivência (the
 * description) with the skill's example lesson when the curriculum has one, play with its materials, a sharing of what
 * was lived, and a closing roda. The same number of steps per level as a lesson of the other stages.
 */
function experienciasInfantil(l: Lesson): string {
  const { level } = l;
  const timed = (text: string, minutes: number) => (level >= 4 ? `${text} (cerca de ${minutes} min)` : text);
  const codes = l.skills.map((s) => s.code).join(', ');
  const { meios, mostram, roda, escuta } = expressao(l);
  const steps: string[] = [];

  let acolhida = `Acolhida e ${roda}: apresentar às crianças a proposta ${l.tema} e ${escuta}.`;
  if (l.previous !== null) acolhida += ` Relembrar com as crianças o que viveram na proposta da Aula ${l.previous}.`;
  steps.push(timed(acolhida, STEP_MINUTES.acolhida));

  let vivencia = `Vivência: ${sentence(l.ctx.aula.prompt)}`;
  const example = exampleActivity(l);
  if (level >= 2 && level <= 3 && example) vivencia += ` ${example}`;
  if (level >= 3) vivencia += ` Durante ${l.tema}, o professor brinca junto, acompanha as crianças, faz perguntas e acolhe as descobertas de cada uma.`;
  steps.push(timed(vivencia, STEP_MINUTES.desenvolvimento));

  if (level >= 4) {
    let brincadeira = `Brincadeira e exploração: em pequenos grupos, as crianças exploram e brincam com ${l.tema}`;
    brincadeira += l.skills.length > 0 ? `, vivendo o objetivo de ${asClause(l.skills[0].description).replace(/[.;\s]+$/u, '')}.` : '.';
    if (example) brincadeira += ` ${example}`;
    if (l.terms.length > 0) brincadeira += ` Materiais e recursos possíveis: ${l.terms.slice(0, 4).join(', ')}.`;
    steps.push(timed(brincadeira, STEP_MINUTES.pratica));
  }
  if (level >= 2) {
    const link = l.skills.length === 0 ? '' : ` (${codes})`;
    steps.push(
      timed(
        `Registro e partilha: as crianças ${mostram}, com ${meios}, o que viveram em ${l.tema}; o professor registra com fotos e anotações o que observa${link}.`,
        STEP_MINUTES.sistematizacao,
      ),
    );
  }
  const retomada = l.ctx.turma.ano.trim() === BEBES ? `para retomar com as crianças o que viveram em ${l.tema}` : `sobre o que as crianças mais gostaram em ${l.tema}`;
  let encerramento = `Encerramento: ${roda} ${retomada}, observando os pontos de observação da proposta.`;
  if (l.next !== null) encerramento += ` Contar às crianças que a proposta da Aula ${l.next} continua a partir do que viveram hoje.`;
  steps.push(timed(encerramento, STEP_MINUTES.encerramento));
  const notes = l.ctx.turma.observacoesAdicionais?.trim();
  if (level >= 5 && notes) steps.push(`Adequações para a turma na proposta ${l.tema}: considerar as observações da turma (${notes}).`);

  // A heading (':') that names the lesson's own proposta, so no two lessons of a campo open with the same sentence.
  return `Proposta de experiências ${campoPhrase(l)} — momentos de ${l.tema}:\n${steps.map((step, i) => `${i + 1}. ${step}`).join('\n')}`;
}

/**
 * The note for the teacher about a regeneration's wish the drafter cannot apply (no AI): kept in the lesson's `nota`,
 * never inside its fields (an adaptation's wish goes in the adaptation's own note).
 */
function wishNote(ctx: LessonContext): string | null {
  const wish = ctx.regeneration?.adaptacao ? undefined : ctx.regeneration?.instrucao?.trim();
  return wish ? `Nota do professor (registrada sem IA; não foi aplicada ao texto): ${sentence(wish)}` : null;
}

function evidenciasInfantil(l: Lesson): string {
  const { sinais, mostram, roda } = expressao(l);
  const own = l.skills.map((s) => `Nas vivências de ${l.tema}, as crianças mostram que conseguem ${asClause(s.description)} (${s.code}).`);
  const extras = [
    ...(l.skills.length === 0 ? [`As crianças participam das vivências e brincadeiras de ${l.tema}.`] : []),
    `${sinais} das crianças durante ${l.tema} mostram o que viveram e descobriram.`,
    `Na ${roda}, as crianças ${mostram} o que fizeram em ${l.tema}.`,
    `Registro do professor (fotos, anotações e produções das crianças) sobre a participação de cada criança em ${l.tema}.`,
  ];
  return bullet(fit(own, extras, LEVEL_BOUNDS[l.level].evidencias));
}

/**
 * Infantil's check: points the teacher observes during the proposta (open items), from the objectives' bank items
 * as the other stages' questions (bankCheck); for objectives the bank does not hold yet, points drawn from the
 * objective's official text.
 */
function pontosDeObservacao(l: Lesson): Verificacao {
  const count = verificacaoCount(l.level, l.ctx.turma.etapa);
  return bankCheck(l, count, 'aberta', () => genericPoints(l, count)) ?? { questoes: genericPoints(l, count) };
}

function genericPoints(l: Lesson, count: number): QuestaoAberta[] {
  const skillAt = (i: number): HabilidadeMatch | undefined => l.skills[i % Math.max(1, l.skills.length)];
  const clause = (skill: HabilidadeMatch | undefined) => (skill ? asClause(skill.description) : `participar da proposta: ${asClause(l.ctx.aula.prompt)}`);
  const { meios, ondeProcurar, mostra, roda } = expressao(l);
  const points: { enunciado: string; resposta: (skill: HabilidadeMatch | undefined) => string }[] = [
    {
      enunciado: `Como a criança participa das vivências e brincadeiras de ${l.tema}?`,
      resposta: (s) => sentence(`Observar se a criança se envolve na proposta e se já consegue ${clause(s)}`),
    },
    {
      enunciado: `O que a criança expressa, com ${meios}, sobre o que viveu em ${l.tema}?`,
      resposta: (s) => sentence(`Procurar, ${ondeProcurar}, sinais de que ela consegue ${clause(s)}`),
    },
    {
      enunciado: `Como a criança interage com as outras crianças e com os adultos durante ${l.tema}?`,
      resposta: (s) => sentence(`Observar se a criança participa junto com as outras e se, com elas, consegue ${clause(s)}`),
    },
    {
      enunciado: `Que descobertas a criança ${mostra} na ${roda} sobre ${l.tema}?`,
      resposta: (s) => sentence(`Anotar o que a criança ${mostra} e se isso indica que ela consegue ${clause(s)}`),
    },
    {
      enunciado: `Como a criança lida com o que ainda é difícil para ela em ${l.tema}?`,
      resposta: (s) => sentence(`Observar se a criança tenta de novo, pede ajuda ou observa as outras, e se avança no objetivo de ${clause(s)}`),
    },
  ];
  return points.slice(0, count).map(({ enunciado, resposta }, i): QuestaoAberta => {
    const skill = skillAt(i);
    return { tipo: 'aberta', enunciado, respostaEsperada: resposta(skill), habilidade: skill?.code ?? '' };
  });
}

/**
 * Whether the teacher should confirm the skill the drafter took: nothing pinned, and the search found no match or
 * the description shares no meaningful word with the first skill (the drafter would otherwise guess silently).
 */
export function needsSkillConfirmation(ctx: LessonContext, skills: readonly HabilidadeMatch[]): boolean {
  if (pinnedSkills(ctx).length > 0 || skills.length === 0) return false;
  const [best] = skills;
  return best.score <= 0 || !sharesMeaningfulWord(ctx.aula.prompt, best);
}

/**
 * Writes a lesson from the curriculum data and the teacher's description of that lesson alone (no AI key): the
 * top-ranked (or pinned) skills and their official texts, the knowledge objects closest to the description, a
 * sequence that introduces the lesson's own topic and draws an activity from the skill's example lessons, and open
 * exit questions. Deterministic, no invention; when unsure of the skill it says so ('habilidade-a-confirmar'), and a
 * teacher's wish is kept as a labelled note, never pretended to be applied.
 */
export class OfflineLessonDrafter implements LessonGenerator {
  readonly kind = 'offline' as const;

  async generate(ctx: LessonContext): Promise<LessonDraft> {
    const skills = pickOfflineSkills(ctx);
    const lesson = lessonOf(ctx, skills);
    const regeneration = ctx.regeneration;
    const infantil = isInfantil(lesson);
    let activities = infantil ? experienciasInfantil(lesson) : experiencias(lesson);
    let nota = wishNote(ctx);
    // An adaptation rewrites the lesson's current activities (the skills stay: they are the lesson's pins).
    if (regeneration?.adaptacao) {
      ({ experiencias: activities, nota } = adaptActivities({
        barreira: regeneration.adaptacao,
        experiencias: regeneration.current?.experiencias?.trim() || activities,
        skills,
        instrucao: regeneration.instrucao,
      }));
    }
    return {
      titulo: lesson.titulo,
      verificacao: infantil ? pontosDeObservacao(lesson) : verificacao(lesson),
      dua: offlineDua(
        ctx.turma.barreiras ?? [],
        `${ctx.aula.prompt}\n${regeneration?.current?.experiencias ?? activities}`,
        lesson.titulo,
        regeneration?.campo === 'dua' ? regeneration.currentDua : null,
      ),
      avisos: needsSkillConfirmation(ctx, skills) ? ['habilidade-a-confirmar'] : [],
      habilidadeCodes: skills.map((s) => s.code),
      habilidades: skills.length > 0 ? habilidadesText(skills) : noSkillsText(ctx),
      objetivos: infantil ? objetivosInfantil(lesson) : objetivos(lesson),
      objetosConhecimento: objetos(lesson),
      experiencias: activities,
      evidencias: infantil ? evidenciasInfantil(lesson) : evidencias(lesson),
      nota,
    };
  }
}
