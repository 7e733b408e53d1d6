import { DUA_PRINCIPIO_LABELS, DUA_PRINCIPIOS, LESSON_FIELDS, MSG, type Aula, type Plano, type UpdatePlanoInput } from '@planejador/contracts';
import { lessonFieldIssue, tituloIssue, verificacaoIssues } from './lesson-checks';
import { duaStrategies, lessonTexts, partDiffers, type LessonTexts } from './lesson-texts';
import { isLessonBusy } from './plan-status';

type LessonInput = NonNullable<UpdatePlanoInput['aulas']>[number];

/**
 * A lesson as a save sends it: the five texts, and the title and the check of learning only when the teacher changed
 * them (an untouched check still citing a skill the lesson no longer has would be refused by the api).
 */
export function lessonInput(aula: Aula, texts: LessonTexts): LessonInput {
  const stored = lessonTexts(aula);
  const { titulo, verificacao, dua, ...fields } = texts;
  const strategies = duaStrategies(dua);
  return {
    ...fields,
    ...(partDiffers(texts, stored, 'titulo') ? { titulo } : {}),
    ...(partDiffers(texts, stored, 'verificacao') && verificacao ? { verificacao } : {}),
    ...(partDiffers(texts, stored, 'dua') && strategies ? { dua: strategies } : {}),
  };
}

/** What the api would refuse in a lesson's changed title or check, as 'Aula n: message' (empty: nothing). */
export function lessonProblems(aula: Aula, texts: LessonTexts): string[] {
  const stored = lessonTexts(aula);
  const problems: string[] = [];
  const titulo = partDiffers(texts, stored, 'titulo') ? tituloIssue(texts.titulo) : null;
  if (titulo) problems.push(titulo);
  // The five texts are all sent: each past 20,000 characters or 300 lines is refused, named as the api names it.
  for (const field of LESSON_FIELDS) {
    const tooLong = lessonFieldIssue(field, texts[field]);
    if (tooLong) problems.push(tooLong);
  }
  if (texts.verificacao && partDiffers(texts, stored, 'verificacao')) {
    const issues = verificacaoIssues(texts.verificacao, aula.habilidadeCodes, aula.numeroAula);
    problems.push(...issues.general, ...[...issues.byQuestion.values()].flat());
  }
  const dua = duaStrategies(texts.dua);
  if (dua && partDiffers(texts, stored, 'dua')) {
    for (const principio of DUA_PRINCIPIOS) if (dua[principio].length === 0) problems.push(MSG.duaPrincipioVazio(DUA_PRINCIPIO_LABELS[principio]));
  }
  return problems.map((message) => (message.startsWith('Aula ') ? message : `Aula ${aula.numeroAula}: ${message}`));
}

export interface PlanSave {
  /** The PUT body. */
  input: UpdatePlanoInput;
  /** Lessons with unsaved edits left out of this save because they are being regenerated. */
  held: Aula[];
  /** What the api would refuse in the lessons sent ('Aula n: ...'): the save is not sent until they are fixed. */
  problems: string[];
}

/** The editor's view of the lessons a save sends (see usePlanEditor). */
export interface PlanDrafts {
  draftOf: (aula: Aula) => LessonTexts;
  hasUnsavedEdits: (aula: Aula) => boolean;
  versionOf: (aulaId: string) => number | undefined;
}

/** The lessons with unsaved edits that are being regenerated, in lesson order: a save leaves them out. */
export function heldLessons(plano: Plano, editor: Pick<PlanDrafts, 'hasUnsavedEdits'>): Aula[] {
  return editedLessons(plano, editor).filter(isLessonBusy);
}

function editedLessons(plano: Plano, editor: Pick<PlanDrafts, 'hasUnsavedEdits'>): Aula[] {
  return [...plano.aulas].sort((a, b) => a.numeroAula - b.numeroAula).filter(editor.hasUnsavedEdits);
}

/**
 * What "Salvar Mudanças" sends: only the lessons whose texts the teacher changed, each with the version its edits
 * were made on (`versionOf`, else the one the page shows), so a lesson changed meanwhile on the server (a
 * regeneration that just ended, another tab) is never written back with old text: the api answers 409 instead.
 * A lesson being regenerated is held back (its edits stay on the page); the plan is then 'editado', else 'salvo'.
 */
export function planSave(plano: Plano, editor: PlanDrafts): PlanSave {
  const aulas: NonNullable<UpdatePlanoInput['aulas']> = [];
  const held: Aula[] = [];
  const problems: string[] = [];
  for (const aula of editedLessons(plano, editor)) {
    if (isLessonBusy(aula)) {
      held.push(aula);
      continue;
    }
    const texts = editor.draftOf(aula);
    problems.push(...lessonProblems(aula, texts));
    aulas.push({ ...lessonInput(aula, texts), versao: editor.versionOf(aula.id) ?? aula.versao });
  }
  return { input: { status: held.length ? 'editado' : 'salvo', ...(aulas.length ? { aulas } : {}) }, held, problems };
}

/** Why a save left lessons out: they are being regenerated (their edits stay on the page until then). */
export function heldLessonsNote(held: readonly Pick<Aula, 'numeroAula'>[]): string {
  const numbers = held.map((aula) => aula.numeroAula);
  if (numbers.length === 1) {
    return `A Aula ${numbers[0]} está sendo gerada novamente, então as edições dela não foram salvas; confira a aula quando ela terminar.`;
  }
  const list = `${numbers.slice(0, -1).join(', ')} e ${numbers[numbers.length - 1]}`;
  return `As Aulas ${list} estão sendo geradas novamente, então as edições delas não foram salvas; confira as aulas quando elas terminarem.`;
}
