import { handinResumo, RUBRICA_NIVEIS, type CoberturaMateria, type PlanDocument } from '@planejador/contracts';
import { HANDIN_VISTO_LINE, handinFileName, planDatesText, renderHandinDocx, workloadText, type HandinAvaliacao, type HandinDocument } from './handin-docx.renderer';
import { lessonHeading } from './plan-docx.renderer';
import { samplePlanDocument } from './sample-plan';
import { indexesInOrder, openDocx, paragraphTexts } from './__tests__/docx-xml';

/** A skill cited by one plan of each of these periods of 2026 (trimestres). */
const skill = (code: string, periodos: number[]) => ({
  code,
  description: `(${code}) Texto de ${code}.`,
  unidade: 'Números',
  trimestres: periodos,
  periodos,
  planos: periodos.map((n) => ({ id: `plano-${n}`, temaPrincipal: `Plano ${n}`, trimestre: n, periodo: n, ano: 2026, aulas: [] })),
  avaliada: false,
  resultado: null,
});
const matematica: CoberturaMateria = {
  materia: 'matematica',
  total: 4,
  cobertas: 3,
  habilidades: [skill('EF05MA01', [1]), skill('EF05MA02', [1, 2]), skill('EF05MA03', [2]), skill('EF05MA04', [])],
};

describe('the trimestre hand-in', () => {
  it('summarises from the coverage: covered in this trimestre, and still uncovered (no plan of this or an earlier one)', () => {
    expect(handinResumo([matematica], 1)[0]).toEqual({
      materia: 'matematica',
      cobertas: [{ code: 'EF05MA01', description: '(EF05MA01) Texto de EF05MA01.' }, { code: 'EF05MA02', description: '(EF05MA02) Texto de EF05MA02.' }],
      descobertas: [{ code: 'EF05MA03', description: '(EF05MA03) Texto de EF05MA03.' }, { code: 'EF05MA04', description: '(EF05MA04) Texto de EF05MA04.' }],
    });
    expect(handinResumo([matematica], 2)[0].descobertas.map((s) => s.code)).toEqual(['EF05MA04']);
    // With the year: a plan of another year's same period is not of this one; an earlier year's counts as before it.
    expect(handinResumo([matematica], 1, 2027)[0]).toMatchObject({ cobertas: [], descobertas: [{ code: 'EF05MA04' }] });
    expect(handinResumo([matematica], 1, 2026)[0].cobertas.map((s) => s.code)).toEqual(['EF05MA01', 'EF05MA02']);
  });

  it('counts lessons and hours, saying which lessons have no length', () => {
    expect(workloadText({ aulas: 5, minutos: 250, semDuracao: 0 })).toBe('5 aulas · 4 h 10 min');
    expect(workloadText({ aulas: 1, minutos: 0, semDuracao: 1 })).toBe('1 aula · 1 sem duração informada');
  });

  it('names the file by class, trimestre and year, with nothing a file system refuses', () => {
    expect(handinFileName({ turma: '51', trimestre: 1, anoLetivo: 2026 }, 'docx')).toBe('Documentos do trimestre - Turma 51 - 1º trimestre - 2026.docx');
    expect(handinFileName({ turma: '5/A: "manhã"', trimestre: 3, anoLetivo: 2026 }, 'pdf')).toBe('Documentos do trimestre - Turma 5 A manhã - 3º trimestre - 2026.pdf');
    expect(handinFileName({ turma: '51', trimestre: 2, periodoTipo: 'bimestre', anoLetivo: 2022 }, 'docx')).toBe('Documentos do bimestre - Turma 51 - 2º bimestre - 2022.docx');
  });

  it('opens with the summary, then prints every plan with its lessons, in the order given', async () => {
    const first = { ...samplePlanDocument(2), temaPrincipal: 'Frações na cozinha', duracaoAulaMin: 50 };
    const second = { ...samplePlanDocument(3), temaPrincipal: 'Medidas no mercado', duracaoAulaMin: null };
    const doc: HandinDocument = {
      escola: first.escola,
      professor: first.professor,
      turma: first.turma,
      ano: first.ano,
      instituicao: first.instituicao,
      trimestre: 1,
      anoLetivo: 2026,
      resumo: handinResumo([matematica], 1),
      planos: [first, second],
    };
    const paragraphs = paragraphTexts((await openDocx(await renderHandinDocx(doc))).document);
    const lessons = (p: PlanDocument) => p.aulas.map((a) => lessonHeading(a));
    const order = ['Resumo do trimestre', 'Matemática', 'EF05MA01 Texto de EF05MA01.', 'PLANO 1 — Frações na cozinha', ...lessons(first), 'PLANO 2 — Medidas no mercado', ...lessons(second)];
    expect(() => indexesInOrder(paragraphs, order)).not.toThrow();
    expect(paragraphs).toContain('5 aulas · 1 h 40 min · 3 sem duração informada');
    expect(paragraphs).toContain('Ainda não desenvolvidas (2)');
  });

  it('dates each plan in the list, however much the teacher gave', () => {
    expect(planDatesText({ dataInicio: '2026-03-02', dataFim: '2026-03-13' })).toBe('de 02/03/2026 a 13/03/2026');
    expect(planDatesText({ dataInicio: '2026-03-02', dataFim: '2026-03-02' })).toBe('em 02/03/2026');
    expect(planDatesText({ dataInicio: '2026-03-02', dataFim: null })).toBe('a partir de 02/03/2026');
    expect(planDatesText({ dataInicio: null, dataFim: null })).toBe('sem datas informadas');
  });

  it("holds the period's assessments with their results per skill, the plans' dates, and ends with the coordenação's visto", async () => {
    const plan = { ...samplePlanDocument(2), temaPrincipal: 'Frações na cozinha', dataInicio: '2026-03-02', dataFim: '2026-03-13' };
    const avaliacao: HandinAvaliacao = {
      escola: plan.escola,
      professor: plan.professor,
      turma: plan.turma,
      ano: plan.ano,
      trimestre: 1,
      materia: 'matematica',
      habilidades: ['EF05MA01', 'EF05MA02'].map((code) => ({
        code,
        description: `(${code}) Texto de ${code}.`,
        questoes: [{ tipo: 'multipla', enunciado: `Pergunta de ${code}?`, alternativas: ['um', 'dois', 'três', 'quatro'], correta: 2, habilidade: code }],
        rubrica: RUBRICA_NIVEIS.map((nivel) => ({ nivel, descritor: `${nivel} em ${code}` })),
      })),
      resultados: [{ code: 'EF05MA01', niveis: { naoDesenvolveu: 2, emDesenvolvimento: 8, desenvolveu: 12, desenvolveuPlenamente: 3 } }],
    };
    const doc: HandinDocument = {
      escola: plan.escola,
      professor: plan.professor,
      turma: plan.turma,
      ano: plan.ano,
      instituicao: plan.instituicao,
      trimestre: 1,
      anoLetivo: 2026,
      resumo: handinResumo([matematica], 1),
      planos: [plan],
      avaliacoes: [avaliacao],
    };
    const paragraphs = paragraphTexts((await openDocx(await renderHandinDocx(doc))).document);
    expect(paragraphs).toContain(`1. Frações na cozinha (${plan.aulas.length} aulas) — de 02/03/2026 a 13/03/2026`);
    expect(paragraphs).toContain('1. Matemática: 2 habilidades (EF05MA01, EF05MA02)');
    const order = ['PLANO 1 — Frações na cozinha', 'Avaliações e resultados por habilidade', 'Resultados — avaliação 1 (Matemática)', 'EF05MA01', '2 (8%)', '8 (32%)', '12 (48%)', '3 (12%)', '15 (60%)', 'EF05MA02', 'sem resultados registrados', 'AVALIAÇÃO — Matemática', '1. Pergunta de EF05MA01? (EF05MA01)', 'Gabarito — avaliação 1 (Matemática)', '1. C) três', 'Rubrica por habilidade — avaliação 1 (Matemática)', 'desenvolveu plenamente em EF05MA02'];
    expect(() => indexesInOrder(paragraphs, order)).not.toThrow();
    expect(paragraphs.filter((p) => p.trim()).at(-1)).toBe(HANDIN_VISTO_LINE);
    expect(HANDIN_VISTO_LINE).toBe('Visto da coordenação: ____________  Data: ___/___/_____');
  });

  it('names a bimestre hand-in by its kind: title, summary, workload and the plans\' own period row', async () => {
    const plano = { ...samplePlanDocument(2), temaPrincipal: 'Frações na cozinha', duracaoAulaMin: 50, trimestre: 2, periodoTipo: 'bimestre' as const };
    const doc: HandinDocument = {
      escola: plano.escola,
      professor: plano.professor,
      turma: plano.turma,
      ano: plano.ano,
      instituicao: plano.instituicao,
      trimestre: 2,
      periodoTipo: 'bimestre',
      anoLetivo: 2022,
      resumo: handinResumo([matematica], 2),
      planos: [plano],
    };
    const paragraphs = paragraphTexts((await openDocx(await renderHandinDocx(doc))).document);
    expect(paragraphs).toEqual(expect.arrayContaining(['DOCUMENTOS DO BIMESTRE — 2º BIMESTRE DE 2022', 'Resumo do bimestre', 'Planos do bimestre, por data:', 'Bimestre', '2º bimestre']));
    expect(paragraphs.some((p) => /trimestre/i.test(p))).toBe(false);
  });
});
