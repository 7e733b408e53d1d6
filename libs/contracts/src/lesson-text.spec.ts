import { LIMITS, MSG, registerSchema, updateAvaliacaoSchema, updatePlanoSchema, updateUserSchema } from './index';
import { exceedsLessonCaps, lineCount } from './lesson-text';

const aulaId = '3f2b8c1e-4d5a-4b6c-8e7f-0a1b2c3d4e5f';

describe('lesson text caps (20,000 characters, 300 lines)', () => {
  it('counts lines by their breaks, whatever their kind', () => {
    expect(lineCount('')).toBe(1);
    expect(lineCount('a\nb\r\nc\rd')).toBe(4);
    expect(exceedsLessonCaps('x'.repeat(LIMITS.lessonFieldMax))).toBe(false);
    expect(exceedsLessonCaps('x'.repeat(LIMITS.lessonFieldMax + 1))).toBe(true);
    expect(exceedsLessonCaps('x\n'.repeat(LIMITS.lessonFieldLinesMax - 1))).toBe(false);
    expect(exceedsLessonCaps('x\n'.repeat(LIMITS.lessonFieldLinesMax))).toBe(true);
  });

  it('PUT refuses a lesson field past either cap with a message naming the field', () => {
    const lines = updatePlanoSchema.safeParse({ aulas: [{ id: aulaId, experiencias: '1\n'.repeat(400) }] });
    expect(lines.error?.issues).toEqual([expect.objectContaining({ path: ['aulas', 0, 'experiencias'], message: MSG.lessonFieldTooLong('Experiências de Aprendizagem') })]);
    const chars = updatePlanoSchema.safeParse({ aulas: [{ id: aulaId, objetivos: 'a'.repeat(LIMITS.lessonFieldMax + 1) }] });
    expect(chars.error?.issues[0].message).toBe(MSG.lessonFieldTooLong('Objetivos de Aprendizagem'));
    expect(updatePlanoSchema.safeParse({ aulas: [{ id: aulaId, objetivos: 'a\n'.repeat(299) }] }).success).toBe(true);
  });

  it("a check's question past the lines cap is named", () => {
    const questao = { tipo: 'aberta', enunciado: 'Pergunta?' + '\n.'.repeat(LIMITS.lessonFieldLinesMax), respostaEsperada: 'Resposta', habilidade: 'EF05MA01' };
    const parsed = updatePlanoSchema.safeParse({ aulas: [{ id: aulaId, verificacao: { questoes: [questao, questao, questao] } }] });
    expect(parsed.error?.issues.map((i) => i.message)).toContain(MSG.lessonFieldTooLong('Enunciado da questão'));
  });
});

describe('assessment rubric items', () => {
  const questao = { tipo: 'aberta', enunciado: 'Explique.', respostaEsperada: 'Uma explicação.', habilidade: 'EF05MA01' };
  const rubrica = ['não desenvolveu', 'em desenvolvimento', 'desenvolveu', 'desenvolveu plenamente'].map((nivel) => ({ nivel, descritor: `  ${nivel} descrito  `, extra: '<b>x</b>' }));

  it('are parsed by their schema: unknown keys dropped, text trimmed', () => {
    const parsed = updateAvaliacaoSchema.parse({ habilidades: [{ code: 'EF05MA01', questoes: [questao], rubrica }] });
    expect(parsed.habilidades[0].rubrica).toEqual(rubrica.map(({ nivel }) => ({ nivel, descritor: `${nivel} descrito` })));
  });

  it('a descritor past the lines cap is refused naming the skill and the field', () => {
    const long = rubrica.map((r, i) => (i === 1 ? { ...r, descritor: `a${'\n'.repeat(LIMITS.lessonFieldLinesMax)}a` } : r));
    const parsed = updateAvaliacaoSchema.safeParse({ habilidades: [{ code: 'EF05MA01', questoes: [questao], rubrica: long }] });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([MSG.avaliacaoQuestaoProblema('EF05MA01', MSG.lessonFieldTooLong('Descritor da rubrica'))]);
  });
});

describe('first names', () => {
  const base = { email: 'a@b.com', password: 'segredo1', confirmPassword: 'segredo1' };
  it.each(['Ana https://spam.example', 'www.promo.com.br', 'Ana loja.com', 'ana@exemplo.com', 'Ana 51999998888', 'CPF 123.456'])('refuses "%s"', (firstName) => {
    expect(registerSchema.safeParse({ ...base, firstName }).error?.issues[0].message).toBe(MSG.firstNameInvalid);
    expect(updateUserSchema.safeParse({ firstName }).error?.issues[0].message).toBe(MSG.firstNameInvalid);
  });
  it.each(['Ana', 'Maria-Eduarda', "D'Ávila", 'João Pedro II', 'Ana 2ª'])('takes "%s"', (firstName) => {
    expect(registerSchema.safeParse({ ...base, firstName }).success).toBe(true);
    expect(updateUserSchema.safeParse({ firstName }).success).toBe(true);
  });
  it('an empty or cleared name stays allowed', () => {
    expect(updateUserSchema.parse({ firstName: '' })).toEqual({ firstName: null });
    expect(registerSchema.parse({ ...base, firstName: '' }).firstName).toBeUndefined();
  });
});
