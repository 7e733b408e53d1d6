import JSZip from 'jszip';
import { UnrecoverableError } from 'bullmq';
import { RUBRICA_NIVEIS, type GenerationState } from '@planejador/contracts';
import type { AvaliacaoRecord, AvaliacoesRepository, ExportFilesRepository } from '@planejador/db';
import { fake, Journal } from '../../test/doubles';
import { AssessmentExportService } from './assessment-export.service';
import type { DocumentRenderer } from './document-renderer';
import { renderDocument } from './render-document';

const TEACHER = '00000000-0000-4000-8000-0000000000aa';
const AVALIACAO = '00000000-0000-4000-8000-000000000001';

/** A written assessment of one skill, as findAvaliacao reads it with its class. */
function avaliacao(state: GenerationState = 'done'): AvaliacaoRecord {
  return {
    id: AVALIACAO,
    userId: TEACHER,
    turmaId: 'turma-1',
    trimestre: 2,
    periodo: 2,
    ano: 2026,
    periodoTipo: 'trimestre',
    materia: 'matematica',
    questoesPorHabilidade: 1,
    gerador: 'openai',
    generation: { state, done: 1, total: 1, error: null, creditRefunded: false },
    habilidades: [
      {
        code: 'EF05MA04',
        description: 'Identificar frações equivalentes.',
        questoes: [{ tipo: 'aberta', enunciado: 'Mostre que 1/2 e 2/4 são a mesma parte de uma pizza.', habilidade: 'EF05MA04', respostaEsperada: '1/2 = 2/4' }],
        rubrica: RUBRICA_NIVEIS.map((nivel) => ({ nivel, descritor: `Descritor ${nivel}` })),
      },
    ],
    resultados: [],
    createdAt: '2026-06-01T12:00:00.000Z',
    updatedAt: '2026-06-01T12:00:00.000Z',
    turma: { ano: '5', etapa: 'fundamental', numero: '51', escola: 'E.E.F. Mário Quintana', nomeProfessor: 'Ana Souza' },
  };
}

function setup(found: AvaliacaoRecord | null) {
  const journal = new Journal();
  const stored: Parameters<ExportFilesRepository['insertExportFile']>[0][] = [];
  const avaliacoes = fake<AvaliacoesRepository>(journal, { findAvaliacao: async () => found });
  const files = fake<ExportFilesRepository>(journal, {
    insertExportFile: async (file) => {
      stored.push(file);
      return 'file-1';
    },
  });
  const renderer = fake<DocumentRenderer>(journal, { render: renderDocument });
  return { service: new AssessmentExportService(avaliacoes, files, renderer), avaliacoes, stored };
}

describe('AssessmentExportService (an assessment as .docx)', () => {
  it("renders the owner's written assessment and stores the file for the api", async () => {
    const { service, avaliacoes, stored } = setup(avaliacao());
    const result = await service.export(AVALIACAO, TEACHER);
    expect(avaliacoes.findAvaliacao).toHaveBeenCalledWith(AVALIACAO, TEACHER);
    expect(result).toEqual({ fileName: 'Avaliação - Turma 51 - Matemática - 2º trimestre.docx', fileId: 'file-1', bytes: stored[0].content.length });
    expect(stored[0]).toMatchObject({ userId: TEACHER, planoId: AVALIACAO, fileName: result.fileName });
    const xml = await (await JSZip.loadAsync(stored[0].content)).file('word/document.xml')!.async('string');
    expect(xml).toContain('Mostre que 1/2 e 2/4 são a mesma parte de uma pizza.');
  });

  it.each([
    ['missing (or another teacher\'s)', null],
    ['still being written', avaliacao('running')],
  ])('an assessment %s fails the job for good and stores nothing', async (_case, found) => {
    const { service, stored } = setup(found);
    await expect(service.export(AVALIACAO, TEACHER)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(stored).toEqual([]);
  });
});
