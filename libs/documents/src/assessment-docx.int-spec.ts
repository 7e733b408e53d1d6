import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUBRICA_NIVEIS } from '@planejador/contracts';
import { ASSESSMENT_SECTIONS, assessmentFileName, renderAssessmentDocx, type AssessmentDocument } from './assessment-docx.renderer';
import { requireCommands } from './__tests__/required-tools';

/**
 * Issue 26: the assessment's .docx opened by LibreOffice headless (.docx -> PDF) and read with pdftotext: the test
 * for the students (alternatives A-D, no answers), then the gabarito, then the rubric per skill, in that order.
 */
const hasTools = requireCommands(['soffice', 'pdftotext'], {
  suite: 'The assessment .docx tests (LibreOffice, poppler-utils)',
  install: 'apt-get install libreoffice-writer-nogui poppler-utils',
});
const describeWithTools = hasTools ? describe : describe.skip;

const rubrica = (code: string) => RUBRICA_NIVEIS.map((nivel, i) => ({ nivel, descritor: `DESC${code}N${i}` }));

const doc: AssessmentDocument = {
  escola: 'EEEF Tiradentes',
  professor: 'Ana Souza',
  turma: '51',
  ano: '5',
  trimestre: 1,
  materia: 'matematica',
  habilidades: [
    {
      code: 'EF05MA03',
      description: '(EF05MA03) Identificar e representar frações.',
      questoes: [
        { tipo: 'multipla', enunciado: 'ENUNCIADO1 Qual fração é metade?', alternativas: ['ALTA um terço', 'ALTB um meio', 'ALTC dois terços', 'ALTD três quartos'], correta: 1, habilidade: 'EF05MA03' },
        { tipo: 'aberta', enunciado: 'ENUNCIADO2 Explique uma fração.', respostaEsperada: 'RESPOSTASECRETA parte de um todo', habilidade: 'EF05MA03' },
      ],
      rubrica: rubrica('EF05MA03'),
    },
    {
      code: 'EF05MA08',
      description: '(EF05MA08) Resolver problemas de multiplicação.',
      questoes: [{ tipo: 'aberta', enunciado: 'ENUNCIADO3 Resolva 3 x 4.', respostaEsperada: 'RESPOSTADOZE 12', habilidade: 'EF05MA08' }],
      rubrica: rubrica('EF05MA08'),
    },
  ],
};

describeWithTools('the assessment .docx opened in LibreOffice', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'planejador-avaliacao-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the test without answers, then the gabarito, then each skill rubric with its 4 levels', async () => {
    const docx = join(dir, 'avaliacao.docx');
    writeFileSync(docx, await renderAssessmentDocx(doc));
    execFileSync('soffice', [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, docx], { stdio: 'ignore', timeout: 120_000 });
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'avaliacao.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    const at = (token: string) => {
      const index = text.indexOf(token);
      expect({ token, found: index >= 0 }).toEqual({ token, found: true });
      return index;
    };
    const prova = at(`${ASSESSMENT_SECTIONS.prova} — Matemática`);
    const gabarito = at(ASSESSMENT_SECTIONS.gabarito);
    const rubricas = at(ASSESSMENT_SECTIONS.rubrica);
    expect(prova).toBeLessThan(gabarito);
    expect(gabarito).toBeLessThan(rubricas);
    // The test: school, class, the questions in order with alternatives A-D; no answer before the gabarito.
    const test = text.slice(0, gabarito);
    for (const token of ['EEEF Tiradentes', 'Ana Souza', 'Turma: 51', '1º trimestre', 'Nome do(a) estudante']) expect(test).toContain(token);
    expect(at('1. ENUNCIADO1')).toBeLessThan(at('2. ENUNCIADO2'));
    expect(at('2. ENUNCIADO2')).toBeLessThan(at('3. ENUNCIADO3'));
    ['A) ALTA', 'B) ALTB', 'C) ALTC', 'D) ALTD'].forEach((alt) => expect(test).toContain(alt));
    for (const secret of ['RESPOSTASECRETA', 'RESPOSTADOZE', 'DESCEF05MA03']) expect(test).not.toContain(secret);
    // The gabarito: the right letter and every expected answer.
    const key = text.slice(gabarito, rubricas);
    expect(key).toContain('1. B) ALTB um meio');
    expect(key).toContain('2. Resposta esperada: RESPOSTASECRETA');
    expect(key).toContain('3. Resposta esperada: RESPOSTADOZE');
    // The rubric: per skill, its 4 levels in order with their descriptors; the offline note.
    const rubric = text.slice(rubricas);
    expect(rubric.indexOf('EF05MA03 — Identificar')).toBeLessThan(rubric.indexOf('EF05MA08 — Resolver'));
    // The table's header and its 4 levels (a long level name wraps inside its cell: 'desenvolveu ... plenamente').
    for (const token of ['Nível Descritor', 'não desenvolveu DESCEF05MA03N0', 'em desenvolvimento DESCEF05MA03N1', 'desenvolveu DESCEF05MA03N2', 'desenvolveu DESCEF05MA03N3 plenamente']) {
      expect(rubric).toContain(token);
    }
    for (const code of ['EF05MA03', 'EF05MA08']) {
      // A table's cells wrap: each level's descriptor, in the levels' order.
      const positions = RUBRICA_NIVEIS.map((_, i) => rubric.indexOf(`DESC${code}N${i}`));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    }
    expect(rubric.indexOf('DESCEF05MA03N3')).toBeLessThan(rubric.indexOf('DESCEF05MA08N0'));
    // How the text was written is said on the page, never in the document.
    expect(text).not.toMatch(/sem IA|revise e adapte/i);
  }, 180000);
});

describe('assessmentFileName', () => {
  it('names the class, subject and trimestre without characters a file system refuses', () => {
    expect(assessmentFileName({ turma: '5/A', materia: 'matematica', trimestre: 2 })).toBe('Avaliação - Turma 5 A - Matemática - 2º trimestre.docx');
  });
});
