import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OfflineLessonDrafter, type LessonContext } from '@planejador/ai';
import { CURRICULUM_CREDIT, LESSON_FIELDS, type HabilidadeMatch, type PlanDocument } from '@planejador/contracts';
import { renderPlanDocx } from './plan-docx.renderer';
import { samplePlanDocument } from './sample-plan';
import { requireCommands } from './__tests__/required-tools';

/**
 * Opens the exported .docx in a real word processor (LibreOffice, headless: .docx -> PDF) and reads each page's
 * text (poppler's pdftotext): the header a school asks for, nothing of the app, and no table row split across
 * pages. .ci/run installs both (libreoffice-writer-nogui, poppler-utils); without them this suite says so and
 * skips, except in CI (the CI variable set), where it fails.
 */
const hasTools = requireCommands(['soffice', 'pdftotext', 'pdfinfo'], {
  suite: 'The .docx layout tests (LibreOffice, poppler-utils)',
  install: 'apt-get install libreoffice-writer-nogui poppler-utils',
});
const describeWithTools = hasTools ? describe : describe.skip;

/** Each field's text wrapped in markers unique to the lesson and field, so its first and last line can be found. */
function marked(plan: PlanDocument): PlanDocument {
  return {
    ...plan,
    aulas: plan.aulas.map((aula) => {
      const out = { ...aula };
      for (const field of LESSON_FIELDS) out[field] = `INI${aula.numeroAula}${field} ${aula[field]} FIM${aula.numeroAula}${field}`;
      return out;
    }),
  };
}

/** The expected answer of the second lesson's open question: printed only in the Gabarito. */
const aulaAnswer = (plan: PlanDocument) => {
  const open = plan.aulas[1].verificacao!.questoes.find((q) => q.tipo === 'aberta');
  return open && open.tipo === 'aberta' ? open.respostaEsperada.slice(0, 40) : '';
};

describeWithTools('the exported .docx opened in LibreOffice', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'planejador-docx-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The PDF's pages as text, in order. */
  async function pages(name: string, plan: PlanDocument): Promise<string[]> {
    const docx = join(dir, `${name}.docx`);
    writeFileSync(docx, await renderPlanDocx(plan));
    execFileSync('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, docx], {
      stdio: 'ignore',
      timeout: 120_000,
    });
    const pdf = join(dir, `${name}.pdf`);
    const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1] ?? 0);
    return Array.from({ length: count }, (_, i) =>
      execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), pdf, '-'], { encoding: 'utf8' }),
    );
  }

  const pageOf = (texts: string[], token: string) => texts.findIndex((text) => text.includes(token));

  it('a 15-lesson plan: the SEDUC-RS header, every lesson, nothing of the app, no row split across pages', async () => {
    const plan = marked(samplePlanDocument(15, { temaPrincipal: 'Frações & <receitas>' }, 3));
    const texts = await pages('quinze', plan);
    expect(texts.length).toBeGreaterThan(5);
    // Table cells wrap: compare with whitespace collapsed.
    const all = texts.join('\n').replace(/\s+/g, ' ');
    for (const expected of ['PLANO DE AULA', 'Trimestre', '2º trimestre', '04/05/2026 a 29/05/2026', 'Duração da aula', '50 minutos', 'Carga horária', '15 aulas x 50 min = 12 h 30 min', 'Frações & <receitas>']) {
      expect(all).toContain(expected);
    }
    for (const absent of ['Planejador', 'offline', 'crédito', 'Configurações']) expect(all).not.toContain(absent);
    for (const aula of plan.aulas) {
      for (const field of LESSON_FIELDS) {
        const start = pageOf(texts, `INI${aula.numeroAula}${field}`);
        const end = pageOf(texts, `FIM${aula.numeroAula}${field}`);
        expect({ lesson: aula.numeroAula, field, start: start >= 0, sameSide: end === start }).toEqual({ lesson: aula.numeroAula, field, start: true, sameSide: true });
      }
    }
    // Page numbers "Página X de Y" on every page.
    texts.forEach((text, i) => expect(text).toContain(`Página ${i + 1} de ${texts.length}`));
    // Each lesson's questions come after its table, and every answer only in the Gabarito on the last pages.
    const flat = texts.map((text) => text.replace(/\s+/g, ' '));
    const gabarito = flat.findIndex((text) => text.includes('3. Gabarito'));
    expect(gabarito).toBeGreaterThan(0);
    for (const aula of plan.aulas) {
      const question = aula.verificacao!.questoes[0].enunciado;
      const asked = flat.findIndex((text) => text.includes(question));
      expect({ lesson: aula.numeroAula, asked: asked >= pageOf(texts, `FIM${aula.numeroAula}evidencias`) && asked < gabarito + 1 }).toEqual({ lesson: aula.numeroAula, asked: true });
    }
    expect(flat.slice(0, gabarito).join(' ')).not.toContain(aulaAnswer(plan));
  }, 180_000);

  it('a 1-lesson plan without period or lesson length leaves them out (never "Não informado")', async () => {
    const texts = await pages('uma', samplePlanDocument(1, { dataInicio: null, dataFim: null, duracaoAulaMin: null, trimestre: 3 }, 5));
    const all = texts.join('\n').replace(/\s+/g, ' ');
    expect(all).toContain('3º trimestre');
    expect(all).toContain('1 aula');
    for (const absent of ['Não informado', 'Não informada', 'Período', 'Duração da aula']) expect(all).not.toContain(absent);
  }, 120_000);

  it('an offline-drafted plan: the drafted lessons and nothing else (no offline notice, no credit on the pages)', async () => {
    const skill = (code: string, description: string, knowledgeObjects: string[], score: number): HabilidadeMatch => ({
      code, description, unit: 'Números', field: null, knowledgeObjects, score,
    });
    const ef03 = skill('EF05MA03', 'Identificar e representar frações (menores e maiores que a unidade), associando-as ao resultado de uma divisão ou à ideia de parte de um todo, utilizando a reta numérica como recurso.', ['Representação fracionária dos números racionais'], 3);
    const ef04 = skill('EF05MA04', 'Identificar frações equivalentes.', ['Comparação e ordenação de números racionais'], 0);
    const lessons = [
      // Pinned by the teacher; then one where the drafter is unsure of the skill (the page asks to confirm it); then
      // a subject without BNCC skills in the year.
      { prompt: 'Frações com receitas de bolo', materia: 'matematica', candidates: [ef03], pinned: [ef03] },
      { prompt: 'Jogo de cartas em duplas', materia: 'matematica', candidates: [ef04], pinned: [] },
      { prompt: 'Cumprimentos em inglês', materia: 'ingles', candidates: [], pinned: [], noCandidatesReason: 'A BNCC não define habilidades de Língua Inglesa para o 5º ano: o componente começa no 6º ano.' },
    ];
    const drafter = new OfflineLessonDrafter();
    const base = samplePlanDocument(0, { temaPrincipal: 'Frações no dia a dia', nivelDetalhamento: 5 });
    const drafts = await Promise.all(
      lessons.map(async (lesson, i) => {
        const ctx: LessonContext = {
          plano: { materiaGeral: base.materiaGeral, limitOneSkill: false, preferirSeduc: true, nivelDetalhamento: 5 },
          turma: { ano: base.ano, numero: base.turma, escola: base.escola, observacoesAdicionais: 'Dois estudantes com dificuldade de leitura.' },
          aula: { numeroAula: i + 1, materia: lesson.materia, prompt: lesson.prompt },
          candidates: lesson.candidates,
          pinned: lesson.pinned,
          noCandidatesReason: lesson.noCandidatesReason ?? null,
        };
        return { ...ctx.aula, draft: await drafter.generate(ctx) };
      }),
    );
    expect(drafts.map((d) => d.draft.avisos)).toEqual([[], ['habilidade-a-confirmar'], []]);
    const plan: PlanDocument = {
      ...base,
      aulas: drafts.map(({ draft, ...aula }) => ({
        ...aula,
        titulo: draft.titulo,
        verificacao: draft.verificacao,
        habilidades: draft.habilidades,
        objetivos: draft.objetivos,
        objetosConhecimento: draft.objetosConhecimento,
        experiencias: draft.experiencias,
        evidencias: draft.evidencias,
      })),
    };
    const texts = await pages('offline', plan);
    const all = texts.join('\n').replace(/\s+/g, ' ');
    for (const expected of ['PLANO DE AULA', 'Frações no dia a dia', '2º trimestre', '3 aulas x 50 min = 2 h 30 min', `Aula 3 · Língua Inglesa — ${drafts[2].draft.titulo}`, 'Verificação da aprendizagem', '3. Gabarito', drafts[0].draft.verificacao!.questoes[0].enunciado, '(EF05MA03) Identificar e representar frações', '(EF05MA04) Identificar frações equivalentes.', 'Acolhida e problematização', 'A BNCC não define habilidades de Língua Inglesa para o 5º ano']) {
      expect(all).toContain(expected);
    }
    // The page's notices (drafted offline, skill to confirm) and the data's credit stay out of the document.
    for (const absent of ['offline', 'sem IA', 'Revise', 'confirmar', 'Planejador', 'crédito', CURRICULUM_CREDIT, 'bncc.dev', 'Profy', 'CC BY']) {
      expect(all).not.toContain(absent);
    }
    // The last page ends with its page number: no credit footer below the plan.
    texts.forEach((text, i) => expect(text.trim().split('\n').filter((line) => line.trim()).at(-1)?.trim()).toBe(`Página ${i + 1} de ${texts.length}`));
  }, 120_000);
});
