import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LESSON_FIELDS, type PlanDocument } from '@planejador/contracts';
import { renderPlanDocx } from './plan-docx.renderer';
import { samplePlanDocument } from './sample-plan';

/**
 * Opens the exported .docx in a real word processor (LibreOffice, headless: .docx -> PDF) and reads each page's
 * text (poppler's pdftotext): the header a school asks for, nothing of the app, and no table row split across
 * pages. .ci/run installs both (libreoffice-writer-nogui, poppler-utils); without them this suite says so and skips.
 */
const hasTools = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v soffice && command -v pdftotext && command -v pdfinfo'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasTools) console.warn('LibreOffice or poppler-utils not installed: the .docx layout tests are skipped (apt-get install libreoffice-writer-nogui poppler-utils)');
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
  }, 180_000);

  it('a 1-lesson plan without period or lesson length says what is not informed', async () => {
    const texts = await pages('uma', samplePlanDocument(1, { dataInicio: null, dataFim: null, duracaoAulaMin: null, trimestre: 3 }, 5));
    const all = texts.join('\n').replace(/\s+/g, ' ');
    expect(all).toContain('3º trimestre');
    expect(all).toContain('Não informado');
    expect(all).toContain('Não informada');
    expect(all).toContain('1 aula');
  }, 120_000);
});
