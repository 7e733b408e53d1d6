import { LIMITS } from '@planejador/contracts';
import { planTheme } from './planos.service';

const lesson = (prompt: string, i: number) => ({ numeroAula: i + 1, materia: 'matematica', prompt });
const theme = (temaPrincipal: string, ...prompts: string[]) =>
  planTheme({ temaPrincipal, materiaGeral: 'matematica', aulas: prompts.map(lesson) } as Parameters<typeof planTheme>[0]);

describe('planTheme', () => {
  it('keeps the teacher’s own title (trimmed), not built by the server', () => {
    expect(theme('  Frações com receitas ', 'Aula sobre medidas')).toEqual({ temaPrincipal: 'Frações com receitas', temaAutomatico: false });
  });

  it('builds a provisional title from every lesson when the title is empty or the subject’s name', () => {
    expect(theme('Matemática', 'Frações   com\nreceitas de bolo.', 'Medidas com trena')).toEqual({
      temaPrincipal: 'Frações com receitas de bolo; Medidas com trena',
      temaAutomatico: true,
    });
    expect(theme('', 'Gráficos da turma;', 'gráficos da turma')).toEqual({ temaPrincipal: 'Gráficos da turma', temaAutomatico: true });
    expect(theme('matemática', 'Tabuada do 2 e do 5').temaAutomatico).toBe(true);
  });

  it('cuts each description at a word, as a lesson title, and the whole within the plan title’s limit', () => {
    const long =
      'Leitura e interpretação de receitas culinárias, com frações das medidas dos ingredientes, em grupos de quatro estudantes na cozinha da escola.';
    const { temaPrincipal } = theme('Matemática', long, 'Gráfico de barras', 'Cadeia alimentar no pátio da escola: observar seres vivos da horta');
    // Lesson 1's description is not the whole title: the next lessons' topics follow while they fit.
    expect(temaPrincipal).toBe('Leitura e interpretação de receitas culinárias, com frações das medidas; Gráfico de barras');
    expect(temaPrincipal.split('; ')[0].length).toBeLessThanOrEqual(LIMITS.tituloMax);
    expect(temaPrincipal.length).toBeLessThanOrEqual(LIMITS.temaPrincipalMax);
  });

  it('keeps the subject’s name when the lessons say nothing', () => {
    expect(theme('Matemática', '   ')).toEqual({ temaPrincipal: 'Matemática', temaAutomatico: true });
    expect(theme('', 'ab')).toEqual({ temaPrincipal: 'Matemática', temaAutomatico: true });
  });
});
