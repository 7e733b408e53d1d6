import JSZip from 'jszip';
import { UnrecoverableError } from 'bullmq';
import { PDF_UNAVAILABLE_REASON, RENDER_LIMIT_REASON, RUBRICA_NIVEIS, type Avaliacao, type Cobertura, type ExportTrimestreJob } from '@planejador/contracts';
import type { AvaliacoesRepository, ExportFilesRepository, PlanoComAulas, PlanosRepository, TurmasRepository } from '@planejador/db';
import { fake, Journal } from '../../test/doubles';
import type { DocumentRenderer } from './document-renderer';
import { EXPORT_FILE_TTL_MS, ExportService } from './export.service';
import { PdfConverter, PdfTimeoutError, PdfUnavailableError } from './pdf-converter';
import { renderDocument } from './render-document';
import { TrimestreExportService } from './trimestre-export.service';

const TEACHER = '00000000-0000-4000-8000-0000000000aa';
const TURMA = '00000000-0000-4000-8000-0000000000bb';
const PLAN = '00000000-0000-4000-8000-000000000001';

/** A finished plan as findPlanoWithAulas / findPeriodoPlanos read it: its class and its lessons (in order). */
function plano(id = PLAN, temaPrincipal = 'Frações no cotidiano'): PlanoComAulas {
  const turma = { numero: '51', escola: 'E.E.F. Mário Quintana', nomeProfessor: 'Ana Souza', ano: '5', etapa: 'fundamental', estado: 'RS', instituicao: 'SEDUC-RS_2025' };
  const aula = (numeroAula: number, titulo: string) => ({
    numeroAula,
    materia: 'matematica',
    prompt: `Aula ${numeroAula}`,
    titulo,
    verificacao: null,
    dua: null,
    habilidades: 'EF05MA03 - Identificar e representar frações.',
    objetivos: `Objetivos da aula ${numeroAula}`,
    objetosConhecimento: 'Frações',
    experiencias: `Experiências: ${titulo}`,
    evidencias: 'Evidências',
  });
  const aulas = [aula(1, 'Receita de bolo'), aula(2, 'Pizza em partes')];
  return {
    id,
    temaPrincipal,
    materiaGeral: 'matematica',
    createdAt: new Date('2026-03-10T12:00:00Z'),
    limitOneSkill: false,
    preferirSeduc: false,
    nivelDetalhamento: 3,
    trimestre: 1,
    periodo: 1,
    ano: 2026,
    periodoTipo: 'trimestre',
    dataInicio: '2026-03-02',
    dataFim: '2026-03-20',
    duracaoAulaMin: 50,
    turma,
    aulas,
  } as unknown as PlanoComAulas;
}

/** The renderer, in this process (its child process has specs of its own: document-renderer.spec.ts). */
const inProcess = (journal: Journal) => fake<DocumentRenderer>(journal, { render: renderDocument, deadline: () => Date.now() + 8000 });

/** The text of a .docx's body, as Word reads it (the runs' text, tags dropped). */
async function docxText(content: Buffer): Promise<string> {
  const xml = await (await JSZip.loadAsync(content)).file('word/document.xml')!.async('string');
  return xml.replace(/<[^>]+>/g, '');
}

/** The files repository keeps what it is given (what the api will stream), and answers with an id. */
function filesDouble(journal: Journal) {
  const stored: Parameters<ExportFilesRepository['insertExportFile']>[0][] = [];
  const files = fake<ExportFilesRepository>(journal, {
    insertExportFile: async (file) => {
      stored.push(file);
      return 'file-1';
    },
  });
  return { files, stored };
}

describe('ExportService (a plan as .docx)', () => {
  function setup(found: PlanoComAulas | null = plano()) {
    const journal = new Journal();
    const planos = fake<PlanosRepository>(journal, { findPlanoWithAulas: async () => found });
    const { files, stored } = filesDouble(journal);
    return { service: new ExportService(planos, files, inProcess(journal)), planos, stored };
  }

  it("renders the owner's plan, lessons in order, and stores the file for the api (the job returns only its id)", async () => {
    const { service, planos, stored } = setup();
    const before = Date.now();
    const result = await service.export(PLAN, TEACHER);
    expect(planos.findPlanoWithAulas).toHaveBeenCalledWith(PLAN, TEACHER);
    expect(stored).toHaveLength(1);
    const file = stored[0];
    expect(file).toMatchObject({ userId: TEACHER, planoId: PLAN, fileName: result.fileName });
    expect(result).toEqual({ fileName: expect.stringMatching(/^Plano de Aula - Turma 51 - Frações no cotidiano.*\.docx$/), fileId: 'file-1', bytes: file.content.length });
    // Kept until the api streams it, at most EXPORT_FILE_TTL_MS.
    expect(file.expiresAt.getTime()).toBeGreaterThanOrEqual(before + EXPORT_FILE_TTL_MS);
    expect(file.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + EXPORT_FILE_TTL_MS);
    const text = await docxText(file.content);
    expect(text).toContain('Frações no cotidiano');
    expect(text).toContain('E.E.F. Mário Quintana');
    expect(text.indexOf('Receita de bolo')).toBeGreaterThan(-1);
    expect(text.indexOf('Receita de bolo')).toBeLessThan(text.indexOf('Pizza em partes'));
  });

  it("another teacher's plan (or a deleted one) fails the job for good and stores nothing", async () => {
    const { service, stored } = setup(null);
    await expect(service.export(PLAN, TEACHER)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(stored).toEqual([]);
  });
});

describe('TrimestreExportService (the trimestre hand-in)', () => {
  const cobertura: Cobertura = {
    turmaId: TURMA,
    ano: '5',
    materias: [
      {
        materia: 'matematica',
        total: 2,
        cobertas: 1,
        habilidades: [
          {
            code: 'EF05MA03',
            description: 'Identificar e representar frações.',
            unidade: 'Números',
            trimestres: [1],
            periodos: [1],
            planos: [{ id: PLAN, temaPrincipal: 'Frações na cozinha', trimestre: 1, periodo: 1, ano: 2026, aulas: [] }],
            avaliada: false,
            resultado: null,
          },
          { code: 'EF05MA04', description: 'Identificar frações equivalentes.', unidade: 'Números', trimestres: [], periodos: [], planos: [], avaliada: false, resultado: null },
        ],
      },
    ],
  };
  const job = (formato: ExportTrimestreJob['formato']): ExportTrimestreJob => ({ turmaId: TURMA, userId: TEACHER, periodo: 1, ano: 2026, formato });

  function setup({
    found = cobertura,
    planos: list = [plano(), plano('00000000-0000-4000-8000-000000000002', 'Medidas na cozinha')],
    avaliacoes: assessments = [],
    pdf = async () => Buffer.from('%PDF-1.7 fake'),
  }: {
    found?: Cobertura | null;
    planos?: PlanoComAulas[];
    avaliacoes?: Avaliacao[];
    pdf?: (docx: Buffer) => Promise<Buffer>;
  } = {}) {
    const journal = new Journal();
    const turmas = fake<TurmasRepository>(journal, { turmaCobertura: async () => found });
    const planos = fake<PlanosRepository>(journal, { findPeriodoPlanos: async () => list });
    const avaliacoes = fake<AvaliacoesRepository>(journal, { findPeriodAvaliacoes: async () => assessments });
    const { files, stored } = filesDouble(journal);
    const converter = fake<PdfConverter>(journal, { toPdf: pdf });
    return { service: new TrimestreExportService(turmas, planos, avaliacoes, files, converter, inProcess(journal)), stored, journal, turmas, planos, avaliacoes };
  }

  it('.docx: the summary of the skills covered and still uncovered, then every finished plan', async () => {
    const { service, stored, turmas, planos, journal } = setup();
    const result = await service.export(job('docx'));
    expect(turmas.turmaCobertura).toHaveBeenCalledWith(TEACHER, TURMA, expect.any(Array));
    expect(planos.findPeriodoPlanos).toHaveBeenCalledWith(TEACHER, TURMA, 2026, 1);
    expect(journal.count('toPdf')).toBe(0);
    expect(result).toEqual({ fileName: 'Documentos do trimestre - Turma 51 - 1º trimestre - 2026.docx', fileId: 'file-1', bytes: stored[0].content.length });
    expect(stored[0]).toMatchObject({ userId: TEACHER, planoId: TURMA, fileName: result.fileName });
    const text = await docxText(stored[0].content);
    expect(text).toContain('EF05MA03');
    expect(text).toContain('EF05MA04');
    expect(text).toContain('Frações no cotidiano');
    expect(text).toContain('Medidas na cozinha');
  });

  it("holds the period's finished assessments with their results, and ends with the coordenação's visto", async () => {
    const avaliacao: Avaliacao = {
      id: '00000000-0000-4000-8000-0000000000a1',
      turmaId: TURMA,
      trimestre: 1,
      periodo: 1,
      ano: 2026,
      periodoTipo: 'trimestre',
      materia: 'matematica',
      questoesPorHabilidade: 1,
      generation: { state: 'done', done: 1, total: 1, error: null, creditRefunded: false },
      gerador: 'offline',
      habilidades: [
        {
          code: 'EF05MA03',
          description: '(EF05MA03) Identificar e representar frações.',
          questoes: [{ tipo: 'multipla', enunciado: 'Qual fração representa metade da pizza?', alternativas: ['1/3', '1/2', '2/3', '3/4'], correta: 1, habilidade: 'EF05MA03' }],
          rubrica: RUBRICA_NIVEIS.map((nivel) => ({ nivel, descritor: `Descritor ${nivel}` })),
        },
      ],
      resultados: [{ code: 'EF05MA03', niveis: { naoDesenvolveu: 1, emDesenvolvimento: 4, desenvolveu: 15, desenvolveuPlenamente: 5 } }],
      createdAt: '2026-04-01T12:00:00.000Z',
      updatedAt: '2026-04-01T12:00:00.000Z',
    };
    const { service, stored, avaliacoes } = setup({ avaliacoes: [avaliacao] });
    await service.export({ ...job('docx'), materia: 'matematica' });
    expect(avaliacoes.findPeriodAvaliacoes).toHaveBeenCalledWith(TEACHER, TURMA, 2026, 1, 'matematica');
    const text = await docxText(stored[0].content);
    expect(text).toContain('Qual fração representa metade da pizza?');
    expect(text).toContain('20 (80%)');
    expect(text).toMatch(/Visto da coordenação: _+ {2}Data: ___\/___\/_____\s*$/);
    expect(text).not.toMatch(/sem IA|Revise antes/);
  });

  it('PDF: the .docx converted by LibreOffice is what is stored', async () => {
    const { service, stored } = setup();
    const result = await service.export(job('pdf'));
    expect(stored[0].content.toString()).toBe('%PDF-1.7 fake');
    expect(result.fileName).toMatch(/\.pdf$/);
  });

  it.each([
    ['a class that is not the teacher\'s', { found: null }, 'class not found'],
    ['a trimestre with no finished plan', { planos: [] }, 'no finished plan in the period'],
  ])('%s fails the job for good, with nothing stored', async (_case, world, reason) => {
    const { service, stored } = setup(world);
    await expect(service.export(job('docx'))).rejects.toEqual(new UnrecoverableError(reason));
    expect(stored).toEqual([]);
  });

  it('no LibreOffice on this worker: the job fails for good with the reason the api answers 503 for', async () => {
    const { service, stored } = setup({
      pdf: async () => {
        throw new PdfUnavailableError('soffice not found in PATH');
      },
    });
    const failure = service.export(job('pdf'));
    await expect(failure).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(failure).rejects.toThrow(PDF_UNAVAILABLE_REASON);
    expect(stored).toEqual([]);
  });

  it("a conversion that passed the render's time limit and was killed is not tried again, and fails as a render past its cap", async () => {
    const { service } = setup({
      pdf: async () => {
        throw new PdfTimeoutError('soffice passed the time limit of 8000 ms and was killed');
      },
    });
    await expect(service.export(job('pdf'))).rejects.toEqual(new UnrecoverableError(`${RENDER_LIMIT_REASON}: soffice passed the time limit of 8000 ms and was killed`));
  });

  it('any other conversion error leaves the job to its retries', async () => {
    const { service } = setup({
      pdf: async () => {
        throw new Error('soffice ended with 1');
      },
    });
    const failure = service.export(job('pdf'));
    await expect(failure).rejects.toThrow('soffice ended with 1');
    await expect(failure).rejects.not.toBeInstanceOf(UnrecoverableError);
  });
});
