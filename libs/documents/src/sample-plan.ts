import type { PlanDocument, PlanDocumentLesson } from '@planejador/contracts';

// Official BNCC texts (5º ano, Matemática) so samples look like real plans.
const SKILLS = [
  'EF05MA03 - Identificar e representar frações (menores e maiores que a unidade), associando-as ao resultado de uma divisão ou à ideia de parte de um todo, utilizando a reta numérica como recurso.',
  'EF05MA04 - Identificar frações equivalentes.',
  'EF05MA05 - Comparar e ordenar números racionais positivos (representações fracionária e decimal), relacionando-os a pontos na reta numérica.',
  'EF05MA06 - Associar as representações 10%, 25%, 50%, 75% e 100% respectivamente à décima parte, quarta parte, metade, três quartos e um inteiro, para calcular porcentagens, utilizando estratégias pessoais, cálculo mental e calculadora, em contextos de educação financeira, entre outros.',
  'EF05MA02 - Ler, escrever e ordenar números racionais na forma decimal com compreensão das principais características do sistema de numeração decimal, utilizando, como recursos, a composição e decomposição e a reta numérica.',
];

const OBJECTS = [
  'Representação fracionária dos números racionais: reconhecimento, significados, leitura e representação na reta numérica',
  'Comparação e ordenação de números racionais na representação decimal e na fracionária utilizando a noção de equivalência',
  'Cálculo de porcentagens e representação fracionária',
];

function repeatSentences(sentences: string[], count: number): string {
  return Array.from({ length: count }, (_, i) => sentences[i % sentences.length]).join(' ');
}

/** One lesson with long, accented, multi-line texts; `detail` (1..5) scales how long they are. */
export function sampleLesson(numeroAula: number, detail = 5): PlanDocumentLesson {
  const skill = SKILLS[(numeroAula - 1) % SKILLS.length];
  const steps = Math.max(2, detail + 1);
  return {
    numeroAula,
    materia: numeroAula % 5 === 0 ? 'ciencias' : 'matematica',
    prompt: `Aula ${numeroAula} sobre frações no cotidiano: receitas, pizzas e medidas. A turma gosta de atividades em grupo e de jogos; há dois estudantes com dificuldade de leitura.`,
    titulo: `Frações no cotidiano ${numeroAula}`,
    verificacao: {
      questoes: [
        {
          tipo: 'multipla',
          enunciado: `Qual fração representa metade de uma pizza? (aula ${numeroAula})`,
          alternativas: ['1/3', '1/2', '2/3', '1/4'],
          correta: 1,
          habilidade: skill.slice(0, 8),
        },
        {
          tipo: 'aberta',
          enunciado: 'Explique por que 2/4 e 1/2 representam a mesma quantidade.',
          respostaEsperada: 'Porque dividir em 4 partes e tomar 2 é o mesmo que dividir em 2 e tomar 1.',
          habilidade: skill.slice(0, 8),
        },
        {
          tipo: 'aberta',
          enunciado: 'Dê um exemplo de fração no seu dia a dia.',
          respostaEsperada: 'Meio litro de leite, um quarto de hora ou outra situação com partes iguais de um todo.',
          habilidade: skill.slice(0, 8),
        },
      ],
    },
    habilidades: numeroAula % 3 === 0 ? `${skill}\n${SKILLS[numeroAula % SKILLS.length]}` : skill,
    objetivos: [
      'Ao final da aula, os estudantes deverão ser capazes de:',
      ...Array.from(
        { length: steps },
        (_, i) =>
          `- ${repeatSentences(['Reconhecer frações em situações do cotidiano, como a divisão de uma pizza ou de uma barra de chocolate.', 'Explicar, com as próprias palavras, por que 2/4 e 1/2 representam a mesma quantidade.'], i + 1)}`,
      ),
    ].join('\n'),
    objetosConhecimento: OBJECTS.slice(0, 1 + (numeroAula % OBJECTS.length)).join('\n'),
    experiencias: Array.from(
      { length: steps },
      (_, i) =>
        `• Etapa ${i + 1} (${10 + i * 5} min): ${repeatSentences(
          [
            'Em grupos de quatro, os estudantes recebem tiras de papel colorido e dobram-nas em partes iguais, registrando no caderno a fração correspondente a cada dobra.',
            'A professora conduz uma conversa sobre as estratégias usadas, valorizando a participação de todos e anotando no quadro as descobertas da turma.',
            'Para os estudantes com dificuldade de leitura, as instruções são lidas em voz alta e acompanhadas de imagens.',
          ],
          detail,
        )}`,
    ).join('\n'),
    evidencias: `Observação da participação nas atividades em grupo e registro das produções no caderno.\nAutoavaliação: "O que eu aprendi hoje sobre frações?" — respostas escritas ou desenhadas. ${repeatSentences(['Critérios: uso correto da notação fracionária, comparação de frações com apoio da reta numérica e explicação oral das estratégias.'], detail)}`,
  };
}

/**
 * A whole plan for tests, samples and benchmarks (Turma 51, 5º ano, Matemática, theme 'Frações').
 * `detail` 5 gives the longest texts (about three pages per lesson).
 */
export function samplePlanDocument(lessonCount: number, overrides: Partial<PlanDocument> = {}, detail = 5): PlanDocument {
  return {
    temaPrincipal: 'Frações e números decimais no cotidiano',
    materiaGeral: 'matematica',
    escola: 'Escola Estadual de Ensino Fundamental São João Batista',
    professor: 'Maria Conceição da Silva',
    turma: '51',
    ano: '5',
    estado: 'RS',
    instituicao: 'SEDUC-RS_2025',
    createdAt: new Date('2026-11-22T14:30:00Z'),
    limitOneSkill: false,
    preferirSeduc: true,
    nivelDetalhamento: 3,
    trimestre: 2,
    dataInicio: '2026-05-04',
    dataFim: '2026-05-29',
    duracaoAulaMin: 50,
    aulas: Array.from({ length: lessonCount }, (_, i) => sampleLesson(i + 1, detail)),
    ...overrides,
  };
}
