import type { HabilidadeMatch } from '@planejador/contracts';
import type { LessonContext } from '../types';

/** Real BNCC records (official text, bncc-ef.json), ranked as a search for "frações" would rank them. */
export const FRACTION_SKILLS: HabilidadeMatch[] = [
  {
    code: 'EF05MA03',
    description:
      'Identificar e representar frações (menores e maiores que a unidade), associando-as ao resultado de uma divisão ou à ideia de parte de um todo, utilizando a reta numérica como recurso.',
    unit: 'Números',
    field: null,
    knowledgeObjects: [
      'Representação fracionária dos números racionais: reconhecimento, significados, leitura e representação na reta numérica',
    ],
    score: 10,
  },
  {
    code: 'EF05MA04',
    description: 'Identificar frações equivalentes.',
    unit: 'Números',
    field: null,
    knowledgeObjects: [
      'Comparação e ordenação de números racionais na representação decimal e na fracionária utilizando a noção de equivalência',
    ],
    score: 9,
  },
  {
    code: 'EF05MA05',
    description:
      'Comparar e ordenar números racionais positivos (representações fracionária e decimal), relacionando-os a pontos na reta numérica.',
    unit: 'Números',
    field: null,
    knowledgeObjects: [
      'Comparação e ordenação de números racionais na representação decimal e na fracionária utilizando a noção de equivalência',
    ],
    score: 8.5,
  },
  {
    code: 'EF05MA06',
    description:
      'Associar as representações 10%, 25%, 50%, 75% e 100% respectivamente à décima parte, quarta parte, metade, três quartos e um inteiro, para calcular porcentagens, utilizando estratégias pessoais, cálculo mental e calculadora, em contextos de educação financeira, entre outros.',
    unit: 'Números',
    field: null,
    knowledgeObjects: ['Cálculo de porcentagens e representação fracionária'],
    score: 2,
  },
];

export function fractionLesson(overrides: {
  plano?: Partial<LessonContext['plano']>;
  turma?: Partial<LessonContext['turma']>;
  aula?: Partial<LessonContext['aula']>;
  candidates?: HabilidadeMatch[];
  pinned?: HabilidadeMatch[];
  regeneration?: LessonContext['regeneration'];
  sequencia?: LessonContext['sequencia'];
  classroom?: LessonContext['classroom'];
} = {}): LessonContext {
  return {
    plano: {
      materiaGeral: 'matematica',
      limitOneSkill: true,
      preferirSeduc: true,
      nivelDetalhamento: 3,
      ...overrides.plano,
    },
    turma: { ano: '5', numero: '51', escola: 'EMEF Tiradentes', observacoesAdicionais: null, ...overrides.turma },
    aula: {
      numeroAula: 1,
      materia: 'matematica',
      prompt: 'Dividir uma pizza de papel em partes iguais e representar cada parte como fração na reta numérica',
      ...overrides.aula,
    },
    candidates: overrides.candidates ?? FRACTION_SKILLS,
    ...(overrides.pinned ? { pinned: overrides.pinned } : {}),
    ...(overrides.regeneration ? { regeneration: overrides.regeneration } : {}),
    ...(overrides.sequencia ? { sequencia: overrides.sequencia } : {}),
    ...(overrides.classroom ? { classroom: overrides.classroom } : {}),
  };
}

/** English in year 3: the BNCC has no skills, so there are no candidates. */
export function englishYear3Lesson(): LessonContext {
  return fractionLesson({
    plano: { materiaGeral: 'ingles' },
    turma: { ano: '3', numero: '31' },
    aula: { materia: 'ingles', prompt: 'Ensinar as cores em inglês com uma música e um jogo de cartões' },
    candidates: [],
  });
}

/** A valid model answer for a fraction lesson at detail level 3 (4 questions), the right answers all first. */
export function fractionAnswer(overrides: Record<string, unknown> = {}, questions = 4, habilidade = 'EF05MA03') {
  return {
    titulo: 'Frações com pizza de papel',
    habilidades: ['EF05MA03'],
    objetivos: 'Representar frações na reta numérica.',
    objetosConhecimento: [FRACTION_SKILLS[0].knowledgeObjects[0]],
    experiencias: '1. Dividir a pizza de papel. 2. Registrar as frações.',
    evidencias: 'Os estudantes marcam 1/4 e 3/4 na reta.',
    verificacao: {
      questoes: Array.from({ length: questions }, (_, i) => ({
        enunciado: `Questão ${i + 1}: que fração da pizza sobra?`,
        alternativas: [`${i + 1}/4 certo`, 'um inteiro', 'metade de nada', 'zero'],
        correta: 0,
        habilidade,
      })),
    },
    ...overrides,
  };
}
