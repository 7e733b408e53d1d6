import type { PlanDocument, PlanDocumentLesson } from '@planejador/contracts';
import { HANDIN_REGISTRO_HEADING, registroPorCampo, renderHandinDocx, type HandinDocument } from './handin-docx.renderer';
import { renderPlanDocx } from './plan-docx.renderer';
import { samplePlanDocument, sampleLesson } from './sample-plan';
import { indexesInOrder, openDocx, paragraphTexts } from './__tests__/docx-xml';

// decisions.md, "Every stage in its own words": each stage's documents name its parts as its teachers do.

async function paragraphsOf(buffer: Promise<Buffer>): Promise<string[]> {
  const parts = await openDocx(await buffer);
  return paragraphTexts([parts.document, ...parts.headers].join('\n'));
}

/** An infantil proposta: its objective's code and text, and points to observe with what to look for. */
function proposta(numeroAula: number, materia: string, code: string, pontos: [string, string][]): PlanDocumentLesson {
  return {
    ...sampleLesson(numeroAula, 1),
    materia,
    titulo: `Brincadeira ${numeroAula}`,
    prompt: 'Roda de conversa e brincadeira no pátio.',
    habilidades: `(${code}) Objetivo ${code} da BNCC.`,
    objetosConhecimento: 'Brincadeiras de roda, gestos e ritmos.',
    verificacao: { questoes: pontos.map(([enunciado, respostaEsperada]) => ({ tipo: 'aberta' as const, enunciado, respostaEsperada, habilidade: code })) },
  };
}

const infantilPlan = (overrides: Partial<PlanDocument> = {}): PlanDocument =>
  samplePlanDocument(0, {
    etapa: 'infantil',
    ano: 'Creche/Pré-escola — crianças pequenas',
    materiaGeral: 'corpo-gestos-movimentos',
    temaPrincipal: 'Brincadeiras de roda',
    aulas: [
      proposta(1, 'corpo-gestos-movimentos', 'EI03CG01', [
        ['A criança acompanha o ritmo da roda com o corpo?', 'Se bate palmas e se move no tempo da música.'],
        ['A criança cria um gesto novo para a roda?', 'Se propõe movimentos aos colegas.'],
        ['A criança espera a sua vez?', 'Se aguarda o colega terminar antes de começar.'],
      ]),
      proposta(2, 'eu-outro-nos', 'EI03EO03', [
        ['A criança convida um colega para brincar?', 'Se chama os colegas pelo nome.'],
        ['A criança divide os materiais?', 'Se oferece os objetos sem que o adulto peça.'],
        ['A criança resolve uma disputa conversando?', 'Se usa palavras em vez de puxar o brinquedo.'],
      ]),
    ],
    ...overrides,
  });

/** The words the contract keeps away from an infantil class (as whole labels, case-insensitive). */
const EF_WORDS = [/\bmat[ée]ria\b/i, /\bhabilidades?\b/i, /objetos de conhecimento/i, /componentes? curricular/i, /\bgabarito\b/i, /verifica[çc][ãa]o/i, /\bquest[õo]es\b/i, /^Ano$/, /\bº ano\b/];

describe('every stage in its own words: the documents', () => {
  it('prints an infantil plan with its points to observe and "O que observar" under each, with no Gabarito and none of the EF words', async () => {
    const plan = infantilPlan();
    const paragraphs = await paragraphsOf(renderPlanDocx(plan));
    expect(() =>
      indexesInOrder(paragraphs, [
        'Grupo etário',
        'Creche/Pré-escola — crianças pequenas',
        'Campos de experiência',
        'Corpo, gestos e movimentos, O eu, o outro e o nós',
        'Aula 1 · Corpo, gestos e movimentos — Brincadeira 1',
        'Objetivos de aprendizagem e desenvolvimento',
        '(EI03CG01) Objetivo EI03CG01 da BNCC.',
        'Saberes e conhecimentos',
        'Pontos de observação',
        '1. A criança acompanha o ritmo da roda com o corpo?',
        'O que observar: Se bate palmas e se move no tempo da música.',
        'Aula 2 · O eu, o outro e o nós — Brincadeira 2',
      ]),
    ).not.toThrow();
    expect(paragraphs.filter((p) => p.startsWith('O que observar:'))).toHaveLength(6);
    for (const word of EF_WORDS) expect(paragraphs.filter((p) => word.test(p))).toEqual([]);
  });

  it('labels an Ensino Médio plan "Área do conhecimento", "Série" and "Conteúdos"', async () => {
    const plan = samplePlanDocument(2, {
      etapa: 'medio',
      ano: '1ª série do Ensino Médio',
      materiaGeral: 'matematica',
      aulas: [1, 2].map((n) => ({ ...sampleLesson(n, 1), materia: 'matematica' })),
    });
    const paragraphs = await paragraphsOf(renderPlanDocx(plan));
    expect(() =>
      indexesInOrder(paragraphs, ['Série', '1ª série do Ensino Médio', 'Área do conhecimento', 'Matemática', 'Aula 1 — Frações no cotidiano 1', 'Habilidades', 'Conteúdos']),
    ).not.toThrow();
    for (const absent of ['Ano', 'Componente curricular', 'Objetos de Conhecimento']) expect(paragraphs).not.toContain(absent);
    // The questions' answers still go to a Gabarito in médio.
    expect(paragraphs).toContain('3. Gabarito');
  });

  it('names every subject of a mixed plan in its header, and each lesson its own', async () => {
    const plan = samplePlanDocument(3, {
      ano: '1º ano',
      materiaGeral: 'portugues',
      aulas: [
        { ...sampleLesson(1, 1), materia: 'portugues', titulo: 'Rimas' },
        { ...sampleLesson(2, 1), materia: 'matematica', titulo: 'Contagem' },
        { ...sampleLesson(3, 1), materia: 'ciencias', titulo: 'Plantas' },
      ],
    });
    const paragraphs = await paragraphsOf(renderPlanDocx(plan));
    expect(() =>
      indexesInOrder(paragraphs, [
        'Ano',
        '1º ano',
        'Componentes curriculares',
        'Língua Portuguesa, Matemática, Ciências',
        'Aula 1 · Língua Portuguesa — Rimas',
        'Aula 2 · Matemática — Contagem',
        'Aula 3 · Ciências — Plantas',
        '3. Gabarito',
        'Aula 1 · Língua Portuguesa — Rimas',
      ]),
    ).not.toThrow();
    expect(paragraphs).not.toContain('Componente curricular');
  });

  it('keeps a one-subject plan\'s header singular and its lesson headings as they were', async () => {
    const plan = samplePlanDocument(2, { aulas: [1, 2].map((n) => ({ ...sampleLesson(n, 1), materia: 'matematica' })) });
    const paragraphs = await paragraphsOf(renderPlanDocx(plan));
    expect(() => indexesInOrder(paragraphs, ['Componente curricular', 'Matemática', 'Aula 1 — Frações no cotidiano 1'])).not.toThrow();
  });

  it('gives an infantil hand-in a registro por campo de experiência: each campo\'s objectives of the period and their points to observe', async () => {
    const first = infantilPlan();
    const second = infantilPlan({
      temaPrincipal: 'Roda de histórias',
      aulas: [
        proposta(1, 'corpo-gestos-movimentos', 'EI03CG01', [['A criança acompanha o ritmo da roda com o corpo?', 'Se bate palmas e se move no tempo da música.']]),
        proposta(2, 'escuta-fala-pensamento-imaginacao', 'EI03EF01', [['A criança reconta a história?', 'Se narra os fatos na ordem em que aconteceram.']]),
      ],
    });
    expect(registroPorCampo([first, second]).map((c) => [c.materia, c.objetivos.map((o) => [o.code, o.pontos.length])])).toEqual([
      ['corpo-gestos-movimentos', [['EI03CG01', 3]]],
      ['eu-outro-nos', [['EI03EO03', 3]]],
      ['escuta-fala-pensamento-imaginacao', [['EI03EF01', 1]]],
    ]);
    const doc: HandinDocument = {
      escola: first.escola,
      professor: first.professor,
      turma: 'Pré B',
      ano: first.ano,
      etapa: 'infantil',
      instituicao: first.instituicao,
      trimestre: 1,
      anoLetivo: 2026,
      resumo: [
        {
          materia: 'corpo-gestos-movimentos',
          cobertas: [{ code: 'EI03CG01', description: '(EI03CG01) Objetivo EI03CG01 da BNCC.' }],
          descobertas: [{ code: 'EI03CG02', description: '(EI03CG02) Objetivo EI03CG02 da BNCC.' }],
        },
      ],
      planos: [first, second],
    };
    const paragraphs = await paragraphsOf(renderHandinDocx(doc));
    expect(() =>
      indexesInOrder(paragraphs, [
        'Resumo do trimestre',
        'Objetivos trabalhados (1)',
        'Ainda não trabalhados (1)',
        HANDIN_REGISTRO_HEADING,
        'Corpo, gestos e movimentos',
        'EI03CG01 Objetivo EI03CG01 da BNCC.',
        '• A criança acompanha o ritmo da roda com o corpo?',
        'O que observar: Se bate palmas e se move no tempo da música.',
        'O eu, o outro e o nós',
        'EI03EO03 Objetivo EI03EO03 da BNCC.',
        '• A criança divide os materiais?',
        'Escuta, fala, pensamento e imaginação',
        'EI03EF01 Objetivo EI03EF01 da BNCC.',
        'O que observar: Se narra os fatos na ordem em que aconteceram.',
        'PLANO 1 — Brincadeiras de roda',
      ]),
    ).not.toThrow();
    // The point seen in both plans is listed once.
    expect(paragraphs.filter((p) => p === '• A criança acompanha o ritmo da roda com o corpo?')).toHaveLength(1);
    for (const word of EF_WORDS) expect(paragraphs.filter((p) => word.test(p))).toEqual([]);
  });

  it('gives a fundamental hand-in no registro por campo', async () => {
    const plan = samplePlanDocument(2);
    const paragraphs = await paragraphsOf(
      renderHandinDocx({ escola: plan.escola, professor: plan.professor, turma: '51', ano: plan.ano, instituicao: plan.instituicao, trimestre: 1, anoLetivo: 2026, resumo: [], planos: [plan] }),
    );
    expect(paragraphs).not.toContain(HANDIN_REGISTRO_HEADING);
  });
});
