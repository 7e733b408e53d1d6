import { planTheme } from './planos.service';

const lesson = (prompt: string) => ({ numeroAula: 1, materia: 'matematica', prompt });
const theme = (temaPrincipal: string, ...prompts: string[]) =>
  planTheme({ temaPrincipal, materiaGeral: 'matematica', aulas: prompts.map(lesson) } as Parameters<typeof planTheme>[0]);

describe('planTheme', () => {
  it('keeps the teacher’s own theme (trimmed)', () => {
    expect(theme('  Frações com receitas ', 'Aula sobre medidas')).toBe('Frações com receitas');
  });

  it('takes the first lesson’s description when the theme is left at the subject’s name', () => {
    expect(theme('Matemática', 'Frações   com\nreceitas de bolo.', 'Medidas')).toBe('Frações com receitas de bolo');
    expect(theme('matemática', 'Gráficos da turma;')).toBe('Gráficos da turma');
  });

  it('shortens a long first description at a word boundary, with an ellipsis', () => {
    const long =
      'Leitura e interpretação de receitas culinárias, com frações das medidas dos ingredientes, em grupos de quatro estudantes na cozinha da escola.';
    const derived = theme('Matemática', long);
    expect(derived).toBe('Leitura e interpretação de receitas culinárias, com frações das medidas dos…');
    expect(derived.length).toBeLessThanOrEqual(81);
    // A comma before the cut is dropped, never left before the ellipsis.
    expect(theme('Matemática', 'Frações equivalentes com tiras de papel colorido e dobraduras em duplas, registrando no caderno')).toBe(
      'Frações equivalentes com tiras de papel colorido e dobraduras em duplas…',
    );
  });

  it('cuts a long description without a late space at the limit', () => {
    const word = 'a'.repeat(100);
    expect(theme('Matemática', word)).toBe(`${'a'.repeat(80)}…`);
  });

  it('keeps the subject’s name when the first lesson says nothing', () => {
    expect(theme('Matemática', '   ')).toBe('Matemática');
  });
});
