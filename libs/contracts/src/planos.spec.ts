import { cutAtWord, MSG, planTitleFromLessons, regenerateAulaSchema, updatePlanoSchema } from './index';
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

  it("sends a lesson's own subject when the teacher gave it one, the general subject otherwise", () => {
    const mixed = generateFormSchema.parse({
      temaPrincipal: 'Semana da horta',
      turmaId,
      materiaGeral: 'matematica',
      aulas: [{ prompt: 'Medir os canteiros' }, { prompt: 'Ler a receita da salada', materia: 'portugues' }, { prompt: 'Registrar no computador', materia: 'computacao' }],
    });
    expect(generateInputFromForm(mixed)?.aulas.map((aula) => aula.materia)).toEqual(['matematica', 'portugues', 'computacao']);
    expect(generateFormSchema.safeParse({ ...mixed, aulas: [{ prompt: 'x', materia: 'quimica' }] }).success).toBe(false);
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
      generatePlanoSchema.safeParse({ temaPrincipal: 'Frações', turmaId, materiaGeral: 'matematica', aulas: [{ numeroAula: 1, materia: 'matematica', prompt: 'x', habilidadesFixadas }] });
    expect(lesson(['EF03MA01', 'EF03MA02', 'EF03MA03', 'EF03MA04']).error?.issues[0].message).toBe('Fixe no máximo 3 habilidades por aula.');
    expect(lesson(['frações']).error?.issues[0].message).toBe('Código de habilidade inválido (exemplo: EF05MA01).');
  });
});

describe('lessons that teach: titles and the check of learning', () => {
  const base = { turmaId: '00000000-0000-4000-8000-000000000001', materiaGeral: 'matematica', aulas: [{ numeroAula: 1, materia: 'matematica', prompt: 'Frações' }] };
  it('the plan title may be left empty (the server names the plan), else 3 to 120 characters', () => {
    expect(generatePlanoSchema.safeParse(base).data?.temaPrincipal).toBe('');
    expect(generatePlanoSchema.safeParse({ ...base, temaPrincipal: '  ' }).data?.temaPrincipal).toBe('');
    expect(generatePlanoSchema.safeParse({ ...base, temaPrincipal: 'ab' }).error?.issues[0].message).toBe(MSG.temaPrincipalLength);
    expect(generatePlanoSchema.safeParse({ ...base, temaPrincipal: 'x'.repeat(121) }).error?.issues[0].message).toBe(MSG.temaPrincipalLength);
    expect(updatePlanoSchema.safeParse({ temaPrincipal: 'ab' }).error?.issues[0].message).toBe(MSG.temaPrincipalLength);
    expect(updatePlanoSchema.safeParse({ temaPrincipal: ' Frações na cozinha ' }).data?.temaPrincipal).toBe('Frações na cozinha');
  });

  const id = '00000000-0000-4000-8000-000000000002';
  const aberta = (n: number) => ({ tipo: 'aberta', enunciado: `Pergunta ${n}?`, respostaEsperada: 'Resposta', habilidade: 'ef05ma03' });
  const multipla = (alternativas: string[], correta = 1) => ({ tipo: 'multipla', enunciado: 'Qual?', alternativas, correta, habilidade: 'EF05MA03' });
  const put = (questoes: unknown[]) => updatePlanoSchema.safeParse({ aulas: [{ id, verificacao: { questoes } }] });

  it('a verificação has 3 to 5 questions; codes are upper-cased', () => {
    expect(put([aberta(1), aberta(2), aberta(3)]).data?.aulas?.[0].verificacao?.questoes[0].habilidade).toBe('EF05MA03');
    expect(put([aberta(1), aberta(2)]).error?.issues[0].message).toBe(MSG.verificacaoQuestoesCount);
    expect(put([1, 2, 3, 4, 5, 6].map(aberta)).error?.issues[0].message).toBe(MSG.verificacaoQuestoesCount);
  });

  it('a multiple-choice question needs 4 distinct alternatives and a valid right answer, named by its number', () => {
    expect(put([aberta(1), multipla(['1/2', '1/3', '1/4', '2/3']), aberta(3)]).success).toBe(true);
    const repeated = put([aberta(1), multipla(['1/2', '1/3', ' 1/2 ', '2/3']), aberta(3)]);
    expect(repeated.error?.issues[0]).toMatchObject({ message: MSG.questaoAlternativasDistintas(2), path: ['aulas', 0, 'verificacao', 'questoes', 1, 'alternativas'] });
    expect(put([aberta(1), aberta(2), multipla(['a', 'b', 'c'])]).error?.issues[0].message).toBe(MSG.questaoAlternativasDistintas(3));
    expect(put([aberta(1), aberta(2), multipla(['a', 'b', 'c', 'd'], 4)]).error?.issues[0].message).toBe(MSG.questaoCorreta);
  });

  it('a lesson title is 3 to 80 characters; regeneration may target the verificação', () => {
    expect(updatePlanoSchema.safeParse({ aulas: [{ id, titulo: 'ab' }] }).error?.issues[0].message).toBe(MSG.tituloAulaLength);
    expect(regenerateAulaSchema.safeParse({ campo: 'verificacao' }).success).toBe(true);
  });
});

describe('titles', () => {
  it('cutAtWord never cuts a word nor ends on a connective or punctuation', () => {
    expect(cutAtWord('Cadeia alimentar no pátio da escola: observar seres vivos da horta', 40)).toBe('Cadeia alimentar no pátio da escola');
    expect(cutAtWord('Frações com pizza.', 80)).toBe('Frações com pizza');
  });
  it('planTitleFromLessons joins the distinct lesson titles within 120 characters', () => {
    expect(planTitleFromLessons(['Frações', 'frações', 'Tabuada do 2'], 'Matemática')).toBe('Frações; Tabuada do 2');
    expect(planTitleFromLessons([null, ''], 'Matemática')).toBe('Matemática');
    expect(planTitleFromLessons(['x'.repeat(80), 'y'.repeat(50)], 'M')).toBe('x'.repeat(80));
  });
});
