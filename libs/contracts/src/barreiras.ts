import { z } from 'zod';
import { LIMITS } from './domain';
import { instrucaoSchema } from './instrucao';
import { lessonTextCaps } from './lesson-text';
import { MSG } from './messages';

/**
 * Inclusion (DUA) without personal data (decisions.md): a class's barreiras are tags of what the class needs, never
 * of who. One definition for the api, the worker, the AI prompt and the turma form.
 */
export const BARREIRAS = [
  'leitura',
  'escrita',
  'atencao',
  'comunicacao-oral',
  'visao',
  'audicao-libras',
  'mobilidade',
  'altas-habilidades',
] as const;
export type Barreira = (typeof BARREIRAS)[number];

/** The label the teacher reads, and a one-line hint of what the tag means (the form shows both). */
export const BARREIRA_LABELS: Record<Barreira, string> = {
  leitura: 'Leitura',
  escrita: 'Escrita',
  atencao: 'Atenção e organização',
  'comunicacao-oral': 'Comunicação oral',
  visao: 'Visão',
  'audicao-libras': 'Audição e Libras',
  mobilidade: 'Mobilidade',
  'altas-habilidades': 'Altas habilidades',
};

export const BARREIRA_HINTS: Record<Barreira, string> = {
  leitura: 'textos mais curtos, leitura em voz alta, vocabulário explicado',
  escrita: 'outras formas de registrar além da escrita à mão',
  atencao: 'etapas curtas, rotina visível, pausas',
  'comunicacao-oral': 'outras formas de participar além da fala',
  visao: 'material ampliado, tátil ou descrito em voz alta',
  'audicao-libras': 'apoio visual, legendas e sinais em Libras',
  mobilidade: 'espaço e materiais ao alcance de todos',
  'altas-habilidades': 'desafios de aprofundamento',
};

/** One tag; anything else is named in the 400 (nothing is stored). */
export const barreiraSchema = z.enum(BARREIRAS, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? MSG.barreiraRequired : MSG.barreiraInvalid(String(issue.input))),
});

/** The class's barreiras: distinct tags, in the list's order (absent or null: none). */
export const barreirasSchema = z
  .array(barreiraSchema, { error: MSG.barreirasInvalid })
  .max(BARREIRAS.length, MSG.barreirasRepetidas)
  .nullish()
  .transform((tags) => BARREIRAS.filter((tag) => (tags ?? []).includes(tag)));

/** The three principles of Universal Design for Learning (DUA), in the order the page and the export show them. */
export const DUA_PRINCIPIOS = ['representacao', 'acaoExpressao', 'engajamento'] as const;
export type DuaPrincipio = (typeof DUA_PRINCIPIOS)[number];

export const DUA_PRINCIPIO_LABELS: Record<DuaPrincipio, string> = {
  representacao: 'Representação',
  acaoExpressao: 'Ação e expressão',
  engajamento: 'Engajamento',
};

/** The heading of a lesson's DUA block on the page and in the .docx. */
export const DUA_HEADING = 'Acessibilidade (DUA)';

export interface Dua {
  representacao: string[];
  acaoExpressao: string[];
  engajamento: string[];
}

const strategies = (principio: DuaPrincipio) => {
  const label = DUA_PRINCIPIO_LABELS[principio];
  return z
    .array(
      z
        .string({ error: MSG.duaEstrategiaLength(label) })
        .trim()
        .min(1, MSG.duaEstrategiaLength(label))
        .max(LIMITS.duaEstrategiaMax, MSG.duaEstrategiaLength(label))
        .superRefine(lessonTextCaps(`Acessibilidade (DUA), ${label}`)),
      { error: MSG.duaPrincipioVazio(label) },
    )
    .min(1, MSG.duaPrincipioVazio(label))
    .max(LIMITS.duaEstrategiasMax, MSG.duaEstrategiasMax(label));
};

/** A lesson's DUA strategies: at least one per principle (decisions.md, "Inclusion (DUA) without personal data"). */
export const duaSchema = z.object({
  representacao: strategies('representacao'),
  acaoExpressao: strategies('acaoExpressao'),
  engajamento: strategies('engajamento'),
});

/** POST /api/planos/{id}/aulas/{aulaId}/adaptar: a new version of the lesson's activities for one barreira. */
export const adaptarAulaSchema = z.object({
  barreira: barreiraSchema,
  /** The teacher's wish, for example "com imagens das etapas". */
  instrucao: instrucaoSchema,
});
export type AdaptarAulaInput = z.input<typeof adaptarAulaSchema>;
export type AdaptarAulaData = z.output<typeof adaptarAulaSchema>;
