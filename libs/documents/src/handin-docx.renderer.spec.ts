import { handinResumo, type CoberturaMateria, type PlanDocument } from '@planejador/contracts';
import { handinFileName, renderHandinDocx, workloadText, type HandinDocument } from './handin-docx.renderer';
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
