import { generateFormSchema, generateInputFromForm, generatePlanoSchema } from './planos';

const turmaId = '3f2b8c1e-4d5a-4b6c-8e7f-0a1b2c3d4e5f';

describe('generate form', () => {
  const values = generateFormSchema.parse({
    temaPrincipal: 'Matemática',
    turmaId,
    materiaGeral: 'matematica',
    aulas: [
      { prompt: '  Frações com receitas  ', habilidadesFixadas: [' ef03ma09', 'EF03MA09'] },
      { prompt: '   ', habilidadesFixadas: ['EF03MA10'] },
      { prompt: 'Bingo das frações' },
    ],
  });

  it('takes the settings defaults and lets lesson rows stay empty', () => {
    expect(values).toMatchObject({ limitOneSkill: true, preferirSeduc: true, nivelDetalhamento: 3 });
    expect(values.aulas).toHaveLength(3);
  });

  it('drops empty prompts, renumbers, gives every lesson the general subject and keeps its pinned skills', () => {
    const input = generateInputFromForm(values);
    expect(input?.aulas).toEqual([
      { numeroAula: 1, materia: 'matematica', prompt: 'Frações com receitas', habilidadesFixadas: ['EF03MA09'] },
      { numeroAula: 2, materia: 'matematica', prompt: 'Bingo das frações', habilidadesFixadas: [] },
    ]);
    expect(generatePlanoSchema.safeParse(input).success).toBe(true);
  });

  it('gives nothing to send when no lesson has a description', () => {
    expect(generateInputFromForm({ ...values, aulas: [{ prompt: '' }, { prompt: ' ' }] })).toBeNull();
  });

  it('keeps the spec messages for the class, the subject and the lesson count', () => {
    const result = generateFormSchema.safeParse({
      temaPrincipal: '',
      turmaId: '',
      materiaGeral: '',
      aulas: Array.from({ length: 16 }, () => ({ prompt: 'x' })),
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining(['Turma é obrigatória', 'Matéria Geral é obrigatória', 'Máximo 15 aulas por plano']),
    );
  });

  it('refuses more than 3 pinned skills and codes that are not BNCC codes, in Portuguese', () => {
    const lesson = (habilidadesFixadas: string[]) =>
      generatePlanoSchema.safeParse({ temaPrincipal: 'x', turmaId, materiaGeral: 'matematica', aulas: [{ numeroAula: 1, materia: 'matematica', prompt: 'x', habilidadesFixadas }] });
    expect(lesson(['EF03MA01', 'EF03MA02', 'EF03MA03', 'EF03MA04']).error?.issues[0].message).toBe('Fixe no máximo 3 habilidades por aula.');
    expect(lesson(['frações']).error?.issues[0].message).toBe('Código de habilidade inválido (exemplo: EF05MA01).');
  });
});
