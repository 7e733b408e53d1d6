import { randomUUID } from 'node:crypto';
import { turmaSchema, turmaUpdateSchema, type TurmaData } from '@planejador/contracts';
import type { TurmaRecord, TurmasRepository } from '@planejador/db';
import { fakeDatabase, mockOf, refusal } from '../../test/service-fakes';
import { TurmasService } from './turmas.service';

const USER = randomUUID();
const TURMA = randomUUID();

/** The review's notes: a name with a health phrase, a CID code, a parent's phone and a CPF. */
const PERSONAL_NOTES = 'A Alice tem TEA e precisa de rotina. Laudo CID F84.0. Ligar para a mãe: (51) 99876-5432. CPF 529.982.247-25.';
const REDACTED_NOTES = 'A [nome] tem [laudo] e precisa de rotina. Laudo [CID]. Ligar para a mãe: [telefone]. [CPF].';

function setup() {
  const turmas = mockOf<TurmasRepository>();
  const stored = (data: TurmaData): TurmaRecord => ({
    ...data,
    id: TURMA,
    userId: USER,
    createdAt: new Date('2026-11-28T10:00:00Z'),
    updatedAt: new Date('2026-11-28T10:00:00Z'),
  });
  turmas.lockUserTurmas.mockResolvedValue(undefined);
  turmas.countTurmas.mockResolvedValue({ same: 0, total: 0 });
  turmas.insertTurma.mockImplementation(async (_userId, data) => stored(data));
  turmas.updateTurma.mockImplementation(async (_id, data) => stored(data));
  turmas.findOwnedTurma.mockResolvedValue(stored(turmaSchema.parse(body())));
  turmas.countPlanosByTurma.mockResolvedValue(new Map([[TURMA, 2]]));
  return { service: new TurmasService(fakeDatabase(), turmas), turmas };
}

const body = (over: Record<string, unknown> = {}) => ({
  nomeProfessor: 'Ana Souza',
  numero: '51',
  escola: 'EEEF Tiradentes',
  ano: '5',
  observacoesAdicionais: 'Turma participativa',
  ...over,
});

describe('TurmasService: class notes are stored redacted', () => {
  it('a new class: the notes are redacted (name, health phrase, CID, phone, CPF) before they are stored, and the answer carries them', async () => {
    const { service, turmas } = setup();
    const created = await service.create(USER, turmaSchema.parse(body({ observacoesAdicionais: PERSONAL_NOTES })));
    expect(turmas.insertTurma).toHaveBeenCalledWith(USER, expect.objectContaining({ observacoesAdicionais: REDACTED_NOTES, nomeProfessor: 'Ana Souza' }));
    expect(created.observacoesAdicionais).toBe(REDACTED_NOTES);
    for (const personal of ['Alice', 'TEA', 'F84.0', '99876-5432', '529.982.247-25']) expect(JSON.stringify(turmas.insertTurma.mock.calls)).not.toContain(personal);
  });

  it('an edit: the notes are redacted before they are stored, the rest of the class as sent', async () => {
    const { service, turmas } = setup();
    const updated = await service.update(USER, TURMA, turmaUpdateSchema.parse(body({ numero: '52', observacoesAdicionais: 'O aluno Enzo Gabriel tem laudo CID F84.0' })));
    expect(turmas.updateTurma).toHaveBeenCalledWith(TURMA, expect.objectContaining({ numero: '52', etapa: 'fundamental', observacoesAdicionais: 'O aluno [nome] tem [laudo] [CID]' }));
    expect(updated).toMatchObject({ numero: '52', observacoesAdicionais: 'O aluno [nome] tem [laudo] [CID]', _count: { planosAula: 2 } });
  });

  it('notes without personal data, and empty notes, are stored as sent; stored notes redact to themselves', async () => {
    const { service, turmas } = setup();
    await service.create(USER, turmaSchema.parse(body({ observacoesAdicionais: 'Turma agitada depois do recreio; gosta de jogos.' })));
    expect(turmas.insertTurma.mock.calls[0][1].observacoesAdicionais).toBe('Turma agitada depois do recreio; gosta de jogos.');
    await service.create(USER, turmaSchema.parse(body({ observacoesAdicionais: '   ' })));
    expect(turmas.insertTurma.mock.calls[1][1].observacoesAdicionais).toBeNull();
    // Editing a class whose notes were redacted before: the placeholders stay as they are.
    await service.update(USER, TURMA, turmaUpdateSchema.parse(body({ observacoesAdicionais: REDACTED_NOTES })));
    expect(turmas.updateTurma.mock.calls[0][1].observacoesAdicionais).toBe(REDACTED_NOTES);
  });

  it('a refused class stores nothing', async () => {
    const { service, turmas } = setup();
    turmas.countTurmas.mockResolvedValue({ same: 1, total: 1 });
    expect((await refusal(service.create(USER, turmaSchema.parse(body({ observacoesAdicionais: PERSONAL_NOTES }))))).status).toBe(409);
    expect(turmas.insertTurma).not.toHaveBeenCalled();
  });
});
