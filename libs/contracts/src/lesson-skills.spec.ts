import { codesInText, outdatedSkillCodes, withOutdatedSkillWarning, type LessonCitations } from './lesson-skills';

const lesson = (overrides: Partial<LessonCitations> = {}): LessonCitations => ({
  habilidadeCodes: ['EF05MA04'],
  objetivos: 'Identificar frações equivalentes (EF05MA04).',
  objetosConhecimento: 'Frações equivalentes',
  experiencias: 'Dobraduras em duplas.',
  evidencias: 'Registro no caderno.',
  verificacao: null,
  ...overrides,
});

describe('codesInText', () => {
  it('finds BNCC codes in any case, in order, once each, not inside longer words or numbers', () => {
    expect(codesInText('(EF05MA03) Identificar frações\n(ef05ma04) e EF05MA03 de novo')).toEqual(['EF05MA03', 'EF05MA04']);
    expect(codesInText('matriz RS: EF05MA03RS-1')).toEqual(['EF05MA03']);
    expect(codesInText('XEF05MA03 EF05MA031 sem código')).toEqual([]);
    expect(codesInText(null)).toEqual([]);
  });
});

describe('outdatedSkillCodes', () => {
  it('lists the codes other fields cite and the lesson does not have (texts and questions)', () => {
    expect(outdatedSkillCodes(lesson())).toEqual([]);
    expect(outdatedSkillCodes(lesson({ experiencias: 'Retomar EF05MA03 e EF05MA04.' }))).toEqual(['EF05MA03']);
    const verificacao = {
      questoes: [
        { tipo: 'aberta' as const, enunciado: 'Explique.', respostaEsperada: 'Metades.', habilidade: 'EF05MA02' },
        { tipo: 'multipla' as const, enunciado: 'Qual?', alternativas: ['a', 'b', 'c', 'EF05MA09'] as [string, string, string, string], correta: 0 as const, habilidade: 'EF05MA04' },
      ],
    };
    expect(outdatedSkillCodes(lesson({ verificacao }))).toEqual(['EF05MA02', 'EF05MA09']);
  });
});

describe('withOutdatedSkillWarning', () => {
  const warning = 'campos-com-habilidade-antiga';
  const before = { habilidadeCodes: ['EF05MA03'], avisos: [] };

  it('gives the warning when the skills changed and another field still cites the old code', () => {
    const changed = lesson({ objetivos: 'Identificar frações (EF05MA03).' });
    expect(withOutdatedSkillWarning([], changed, before)).toEqual([warning]);
    expect(withOutdatedSkillWarning(['habilidade-a-confirmar'], changed, before)).toEqual(['habilidade-a-confirmar', warning]);
    // Changed skills, no field citing an old code: no warning.
    expect(withOutdatedSkillWarning([], lesson(), before)).toEqual([]);
  });

  it('keeps it while a field cites an old code and drops it when none does', () => {
    const had = { habilidadeCodes: ['EF05MA04'], avisos: [warning] as const };
    expect(withOutdatedSkillWarning([warning], lesson({ evidencias: 'EF05MA03' }), { ...had, avisos: [...had.avisos] })).toEqual([warning]);
    expect(withOutdatedSkillWarning([warning], lesson(), { ...had, avisos: [...had.avisos] })).toEqual([]);
    // A whole rewrite's warnings (none) with the old code gone: cleared.
    expect(withOutdatedSkillWarning([], lesson(), { ...had, avisos: [...had.avisos] })).toEqual([]);
  });

  it('leaves the warnings alone when the skills did not change and there was no warning', () => {
    const same = { habilidadeCodes: ['EF05MA04'], avisos: [] };
    expect(withOutdatedSkillWarning(['habilidade-a-confirmar'], lesson({ objetivos: 'EF05MA99' }), same)).toEqual(['habilidade-a-confirmar']);
  });
});
