import type { Turma } from '@planejador/contracts';
import { TurmasRepository } from '@planejador/db';
import { startSharedStack, teacherWithTurma, turmaInput, type TestStack } from '@planejador/testing';

/**
 * Issue 34: class notes are stored redacted (decisions.md, "Sessions and security"). The review's notes, a name with
 * a health phrase, a CID code, a parent's phone and a CPF, sent with POST and PUT /api/turmas: the answer, the stored
 * row and the class list the cards read all hold the redacted text, never what was typed.
 */
describe('class notes: stored and answered redacted', () => {
  let api: TestStack;

  beforeAll(async () => {
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  const TYPED = 'A Alice tem TEA e precisa de rotina. Laudo CID F84.0. Ligar para a mãe: (51) 99876-5432. CPF 529.982.247-25.';
  const SAVED = 'A [nome] tem [laudo] e precisa de rotina. Laudo [CID]. Ligar para a mãe: [telefone]. [CPF].';
  const PERSONAL = ['Alice', 'TEA', 'F84.0', '99876-5432', '529.982.247-25'];

  it('POST stores the notes redacted and answers the saved text; the class list shows only it', async () => {
    const { client, user, turma } = await teacherWithTurma(api, { observacoesAdicionais: TYPED });
    expect(turma.observacoesAdicionais).toBe(SAVED);

    const stored = await api.repository(TurmasRepository).findOwnedTurma(user.id, turma.id);
    expect(stored?.observacoesAdicionais).toBe(SAVED);

    // What the class cards read.
    const list = await client.get<Turma[]>('/api/turmas');
    expect(list.status).toBe(200);
    expect(list.body.map((t) => t.observacoesAdicionais)).toEqual([SAVED]);
    for (const value of PERSONAL) expect(list.text).not.toContain(value);
  });

  it('PUT stores the new notes redacted and answers them; notes without personal data stay as typed', async () => {
    const { client, user, turma } = await teacherWithTurma(api, { observacoesAdicionais: 'Turma participativa, gosta de jogos.' });
    expect(turma.observacoesAdicionais).toBe('Turma participativa, gosta de jogos.');

    const typed = 'O aluno Enzo Gabriel (CPF 529 982 247 25) tem laudo CID F84.0; a mãe atende no (51) 3333-4444. Helena tem diabetes tipo 1.';
    const res = await client.put<Turma>(`/api/turmas/${turma.id}`, turmaInput({ observacoesAdicionais: typed }));
    expect(res.status).toBe(200);
    const saved = res.body.observacoesAdicionais ?? '';
    for (const value of ['Enzo', 'Gabriel', '529 982 247 25', 'F84.0', '3333-4444', 'Helena', 'diabetes']) expect(saved).not.toContain(value);
    for (const placeholder of ['[nome]', '[CPF]', '[CID]', '[telefone]']) expect(saved).toContain(placeholder);
    expect(saved).toContain('O aluno [nome]');

    expect((await api.repository(TurmasRepository).findOwnedTurma(user.id, turma.id))?.observacoesAdicionais).toBe(saved);
    const list = await client.get<Turma[]>('/api/turmas');
    expect(list.body.find((t) => t.id === turma.id)?.observacoesAdicionais).toBe(saved);

    // Saving the class again with its saved notes changes nothing in them.
    const again = await client.put<Turma>(`/api/turmas/${turma.id}`, turmaInput({ observacoesAdicionais: saved }));
    expect(again.body.observacoesAdicionais).toBe(saved);
  });

  it('a refused class stores nothing, its notes included', async () => {
    const { client, turma } = await teacherWithTurma(api, { numero: '61', observacoesAdicionais: 'Turma da tarde' });
    const duplicate = await client.post<{ message: string }>('/api/turmas', turmaInput({ numero: '61', observacoesAdicionais: TYPED }));
    expect(duplicate.status).toBe(409);
    const list = await client.get<Turma[]>('/api/turmas');
    expect(list.body.map((t) => [t.id, t.observacoesAdicionais])).toEqual([[turma.id, 'Turma da tarde']]);
  });
});
