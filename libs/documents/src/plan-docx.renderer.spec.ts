import { LESSON_FIELD_EMPTY, LESSON_FIELD_LABELS, LESSON_FIELDS, type PlanDocument } from '@planejador/contracts';
import { answerText, CURRICULUM_CREDIT_LINE, lessonHeading, renderPlanDocx } from './plan-docx.renderer';
import { samplePlanDocument, sampleLesson } from './sample-plan';
import { toTextBlocks } from './text-blocks';
import { indexesInOrder, openDocx, paragraphTexts } from './__tests__/docx-xml';

async function render(plan: PlanDocument) {
  const parts = await openDocx(await renderPlanDocx(plan));
  return { ...parts, paragraphs: paragraphTexts(parts.document) };
}

/** What a reader sees for one lesson, paragraph by paragraph. */
function expectedLessonParagraphs(lesson: PlanDocument['aulas'][number], mixed = false): string[] {
  const [firstPrompt, ...restPrompt] = toTextBlocks(lesson.prompt).map((b) => b.text);
  return [
    lessonHeading(lesson, mixed),
    `Descrição do(a) professor(a): ${firstPrompt}`,
    ...restPrompt,
    ...LESSON_FIELDS.flatMap((field) => {
      const blocks = toTextBlocks(lesson[field]).map((b) => b.text);
      return [LESSON_FIELD_LABELS[field], ...(blocks.length ? blocks : [LESSON_FIELD_EMPTY[field]])];
    }),
    ...(lesson.verificacao ? ['Verificação da aprendizagem', `1. ${lesson.verificacao.questoes[0].enunciado}`] : []),
  ];
}

describe('renderPlanDocx', () => {
  it('renders a 15-lesson plan with long accented texts: every lesson and its five fields, in order', async () => {
    // The sample's 5th and 10th lessons are Ciências, the others Matemática: each heading names its subject.
    const plan = samplePlanDocument(15);
    const { paragraphs, files } = await render(plan);

    expect(files).toEqual(expect.arrayContaining(['[Content_Types].xml', 'word/document.xml']));
    const headingIndexes = indexesInOrder(paragraphs, plan.aulas.map((l) => lessonHeading(l, true)));
    expect(headingIndexes).toHaveLength(15);
    expect(paragraphs[headingIndexes[4]]).toBe('Aula 5 · Ciências — Frações no cotidiano 5');

    plan.aulas.forEach((lesson, i) => {
      const section = paragraphs.slice(headingIndexes[i], headingIndexes[i + 1] ?? paragraphs.length);
      expect(() => indexesInOrder(section, expectedLessonParagraphs(lesson, true))).not.toThrow();
    });
    // Long texts arrive whole, accents intact.
    const longest = toTextBlocks(plan.aulas[14].experiencias).at(-1)!.text;
    expect(longest.length).toBeGreaterThan(600);
    expect(paragraphs).toContain(longest);
    expect(paragraphs.join('\n')).toContain('Experiências de Aprendizagem');
  });

  it('keeps lessons in lesson-number order whatever order they arrive in', async () => {
    const plan = samplePlanDocument(3);
    const { paragraphs } = await render({ ...plan, aulas: [...plan.aulas].reverse() });
    expect(() =>
      indexesInOrder(paragraphs, ['Aula 1 — Frações no cotidiano 1', 'Aula 2 — Frações no cotidiano 2', 'Aula 3 — Frações no cotidiano 3']),
    ).not.toThrow();
  });

  it('starts with the title, the SEDUC-RS subtitle and the identification table', async () => {
    const { paragraphs } = await render(samplePlanDocument(2, { limitOneSkill: false, preferirSeduc: true, nivelDetalhamento: 3 }));
    expect(() =>
      indexesInOrder(paragraphs, [
        'PLANO DE AULA',
        'Secretaria da Educação do Rio Grande do Sul — Modelo SEDUC-RS 2025',
        'Escola',
        'Escola Estadual de Ensino Fundamental São João Batista',
        'Professor(a)',
        'Maria Conceição da Silva',
        'Data de criação',
        '22/11/2026',
        'Turma',
        '51',
        'Ano',
        '5º ano',
        'Componente curricular',
        'Matemática',
        'Número de aulas',
        '2',
        'Trimestre',
        '2º trimestre',
        'Período',
        '04/05/2026 a 29/05/2026',
        'Duração da aula',
        '50 minutos',
        'Carga horária',
        '2 aulas x 50 min = 1 h 40 min',
        'Tema principal',
        'Frações e números decimais no cotidiano',
        'Aula 1 — Frações no cotidiano 1',
      ]),
    ).not.toThrow();
  });

  it('dates the plan on the teachers’ clock (America/Sao_Paulo), not UTC', async () => {
    // 01:30 UTC on the 23rd is still the evening of the 22nd in Porto Alegre.
    const { paragraphs } = await render(samplePlanDocument(1, { createdAt: new Date('2026-11-23T01:30:00Z') }));
    expect(paragraphs).toContain('22/11/2026');
    expect(paragraphs).not.toContain('23/11/2026');
  });

  it('holds only what the teacher hands in: no app settings, no offline notice, no product or credits', async () => {
    const { paragraphs, footers } = await render(samplePlanDocument(1, { limitOneSkill: true, ano: '9' }));
    const text = [...paragraphs, ...footers].join('\n');
    for (const absent of ['Configurações', 'Uma habilidade por aula', 'offline', 'Planejador', 'crédito', 'Atenção']) {
      expect(text).not.toContain(absent);
    }
    expect(paragraphs).toContain('9º ano');
  });

  it('leaves an empty period and lesson length out (never "Não informado"), with the workload in lessons', async () => {
    const { paragraphs } = await render(samplePlanDocument(3, { dataInicio: null, dataFim: null, duracaoAulaMin: null, trimestre: 1 }));
    expect(paragraphs).toEqual(expect.arrayContaining(['1º trimestre', '3 aulas']));
    for (const absent of ['Não informado', 'Não informada', 'Período', 'Duração da aula']) expect(paragraphs).not.toContain(absent);
  });

  it('never splits a row across pages, and the lesson heading is not repeated as the table\'s first row', async () => {
    const { document, paragraphs } = await render(samplePlanDocument(2));
    const rows = document.match(/<w:tr>[\s\S]*?<\/w:tr>/g) ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.includes('<w:cantSplit'))).toBe(true);
    expect(paragraphs.filter((p) => p === 'Aula 1 — Frações no cotidiano 1')).toHaveLength(2); // the heading and the Gabarito's
  });

  it('prints each lesson\'s questions after it without answers, and every answer in a final Gabarito', async () => {
    const plan = samplePlanDocument(2);
    const { paragraphs } = await render(plan);
    const gabarito = paragraphs.indexOf('3. Gabarito');
    expect(gabarito).toBeGreaterThan(0);
    const [first] = plan.aulas[0].verificacao!.questoes;
    // The questions and their alternatives come before the Gabarito; the answers only after it.
    expect(() => indexesInOrder(paragraphs, [lessonHeading(plan.aulas[0]), 'Verificação da aprendizagem', `1. ${first.enunciado}`, 'A) 1/3', 'B) 1/2', 'C) 2/3', 'D) 1/4'])).not.toThrow();
    const before = paragraphs.slice(0, gabarito);
    for (const questao of plan.aulas[1].verificacao!.questoes) {
      if (questao.tipo === 'aberta') expect(before.join('\n')).not.toContain(questao.respostaEsperada);
    }
    const after = paragraphs.slice(gabarito);
    expect(() =>
      indexesInOrder(after, [lessonHeading(plan.aulas[0]), ...plan.aulas[0].verificacao!.questoes.map((q, i) => `${i + 1}. ${answerText(q)}`), lessonHeading(plan.aulas[1])]),
    ).not.toThrow();
    expect(after).toContain('1. B) 1/2');
  });

  it('prints a lesson\'s DUA strategies under "Acessibilidade (DUA)" after its table, by principle; nothing for a lesson without', async () => {
    const plan = samplePlanDocument(2);
    plan.aulas[0] = {
      ...plan.aulas[0],
      dua: {
        representacao: ['Leitura: Ler em voz alta as instruções.'],
        acaoExpressao: ['Leitura: Aceitar respostas orais ou por desenho.'],
        engajamento: ['Leitura: Começar com uma imagem do cotidiano.'],
      },
    };
    const { paragraphs } = await render(plan);
    expect(() =>
      indexesInOrder(paragraphs, [
        lessonHeading(plan.aulas[0]),
        LESSON_FIELD_LABELS.evidencias,
        'Acessibilidade (DUA)',
        'Representação',
        'Leitura: Ler em voz alta as instruções.',
        'Ação e expressão',
        'Leitura: Aceitar respostas orais ou por desenho.',
        'Engajamento',
        'Leitura: Começar com uma imagem do cotidiano.',
        'Verificação da aprendizagem',
        lessonHeading(plan.aulas[1]),
      ]),
    ).not.toThrow();
    expect(paragraphs.filter((p) => p === 'Acessibilidade (DUA)')).toHaveLength(1);
  });

  it('shows the empty-field texts for lessons with nothing written', async () => {
    const lesson = { ...sampleLesson(1), habilidades: '', objetivos: '  \n ', objetosConhecimento: '', experiencias: '', evidencias: '' };
    const { paragraphs } = await render(samplePlanDocument(1, { aulas: [{ ...lesson, prompt: '', titulo: null, verificacao: null }] }));
    expect(paragraphs).not.toContain('3. Gabarito');
    expect(() =>
      indexesInOrder(paragraphs, [
        'Aula 1',
        'Habilidades',
        'Nenhuma habilidade definida',
        'Objetivos de Aprendizagem',
        'Nenhum objetivo definido',
        'Objetos de Conhecimento',
        'Nenhum objeto de conhecimento definido',
        'Experiências de Aprendizagem',
        'Nenhuma experiência definida',
        'Evidências de Aprendizagem',
        'Nenhuma evidência definida',
      ]),
    ).not.toThrow();
  });

  it('keeps user text inert: markup and ampersands are escaped and read back literally', async () => {
    const hostile = '<script>alert("x")</script> & <w:p>Frações & "aspas"</w:p>';
    const lesson = { ...sampleLesson(1), objetivos: hostile, prompt: 'Pergunta: 2 < 3 & 5 > 4?' };
    const { document, paragraphs } = await render(samplePlanDocument(1, { temaPrincipal: hostile, escola: 'A & B', aulas: [lesson] }));

    expect(document).not.toContain('<script>');
    expect(document).not.toContain('<w:p>Frações');
    expect(document).toContain('&lt;script&gt;');
    expect(document).toContain('A &amp; B');
    expect(paragraphs.filter((p) => p === hostile)).toHaveLength(2); // theme and objectives
    expect(paragraphs).toContain('A & B');
    expect(paragraphs).toContain('Descrição do(a) professor(a): Pergunta: 2 < 3 & 5 > 4?');
  });

  it('drops characters XML forbids so Word can open the file', async () => {
    const lesson = { ...sampleLesson(1), evidencias: 'Registro\u0007 no caderno\u0000 e roda de conversa\uFFFF.' };
    const { document, paragraphs } = await render(samplePlanDocument(1, { aulas: [lesson] }));
    expect(document).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFF]/);
    expect(paragraphs).toContain('Registro no caderno e roda de conversa.');
  });

  it('splits multi-line fields into paragraphs and keeps "- " and "• " lines as list items', async () => {
    const lesson = {
      ...sampleLesson(1),
      experiencias: 'Abertura com uma história.\n- Dobrar tiras de papel\n• Registrar as frações\r\n\nFechamento em roda.',
    };
    const { document, paragraphs } = await render(samplePlanDocument(1, { aulas: [lesson] }));
    expect(() =>
      indexesInOrder(paragraphs, ['Abertura com uma história.', 'Dobrar tiras de papel', 'Registrar as frações', 'Fechamento em roda.']),
    ).not.toThrow();
    const paragraphXml = (text: string) => document.match(/<w:p[ >][\s\S]*?<\/w:p>/g)!.find((p) => p.includes(`>${text}<`))!;
    expect(paragraphXml('Dobrar tiras de papel')).toContain('<w:numPr>');
    expect(paragraphXml('Registrar as frações')).toContain('<w:numPr>');
    expect(paragraphXml('Fechamento em roda.')).not.toContain('<w:numPr>');
  });

  it('sets each skill code in bold before its official text', async () => {
    const lesson = {
      ...sampleLesson(1),
      habilidades: 'EF05MA03 - Identificar e representar frações.\nEF05MA04 - Identificar frações equivalentes.',
    };
    const { document, paragraphs } = await render(samplePlanDocument(1, { aulas: [lesson] }));
    expect(() =>
      indexesInOrder(paragraphs, ['EF05MA03 - Identificar e representar frações.', 'EF05MA04 - Identificar frações equivalentes.']),
    ).not.toThrow();
    expect(document).toMatch(/<w:b\/>[\s\S]{0,200}?>EF05MA04<\/w:t>/);
  });

  it('puts page numbers "Página X de Y" in the footer, on A4, and the curriculum credit in the file\'s properties', async () => {
    const { footers, document, core } = await render(samplePlanDocument(1));
    const footer = footers.join('\n');
    const footerText = paragraphTexts(footer).join('\n');
    expect(footerText).toContain('Página ');
    expect(footerText).toContain(' de ');
    expect(footer).toMatch(/PAGE/);
    expect(footer).toMatch(/NUMPAGES/);
    expect(CURRICULUM_CREDIT_LINE).toBe('Habilidades da BNCC: dados de bncc.dev (mantido pela Profy), CC BY 4.0');
    expect(core).toContain(CURRICULUM_CREDIT_LINE);
    expect(core).toContain('github.com/bncc-dev/bncc-dados');
    expect(document).toMatch(/<w:pgSz [^>]*w:w="11906"[^>]*w:h="16838"/);
  });
});
