import type { AulaVersao, HabilidadeMatch, MatrizData } from '@planejador/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aula } from '@/test/plan-fixtures';
import { answerFetch, renderWithClient } from '@/test/render';
import { regenerationCostText } from './lesson-controls';
import { SkillPickerDialog } from './skill-picker-dialog';
import { VersionsDialog } from './versions-dialog';

// A year and subject's pool larger than one page of the skill search (it gives at most 50): 109 skills in two units.
const codes = ['05', '15', '35'].flatMap((years) => Array.from({ length: 37 }, (_, i) => `EF${years}MA${String(i + 1).padStart(2, '0')}`)).slice(0, 109);
const matriz: MatrizData = {
  '5º ano': {
    Números: [{ 'Objetos de Conhecimento': ['Frações'], Habilidades: codes.slice(0, 60).map((code) => ({ code, description: `Texto de ${code}` })), 'Expectativas de Aprendizagens': [] }],
    Geometria: [{ 'Objetos de Conhecimento': ['Figuras'], Habilidades: codes.slice(60).map((code) => ({ code, description: `Texto de ${code}` })), 'Expectativas de Aprendizagens': [] }],
  },
};
const match = (code: string): HabilidadeMatch => ({ code, description: `Texto de ${code}`, unit: 'Números', field: null, knowledgeObjects: [], score: 0.7 });

describe('"Trocar habilidade"', () => {
  it("lists every skill of the class's year and the lesson's subject with an empty search, and searches with the largest page", async () => {
    const calls = answerFetch((call) =>
      call.url.startsWith('/api/matriz/')
        ? { status: 200, body: matriz, headers: { 'X-Matriz-Ano': '5', 'X-Matriz-Total': '109', 'X-Matriz-RS-Carregada': 'nao' } }
        : { status: 200, body: [match('EF05MA07'), match('EF05MA08')] },
    );
    // A lesson with no description of its own (an older plan): nothing to rank by, the pool in code order.
    const lesson = { ...aula(1, 1, 'Objetivo'), prompt: '' };
    renderWithClient(<SkillPickerDialog aula={lesson} ano="5" turmaId="t1" open saving={false} onOpenChange={() => undefined} onSave={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Trocar habilidade da Aula 1' });
    const found = () => within(dialog).getByRole('list', { name: 'Habilidades encontradas' });
    const boxes = () => [...found().querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];

    await waitFor(() => expect(boxes()).toHaveLength(109));
    expect(boxes().map((box) => box.id.split('-').pop())).toEqual(codes);
    within(dialog).getByText('Todas as 109 habilidades desta matéria no 5º ano, em ordem de código.');
    // The lesson's own skill is checked, wherever it is in the list; units travel with each skill.
    expect((within(dialog).getByLabelText(/^EF05MA03 /) as HTMLInputElement).checked).toBe(true);
    within(within(dialog).getByLabelText(/^EF35MA30 /).closest('li')!).getByText('Geometria');
    expect(calls.map((c) => c.url)).toEqual(['/api/matriz/t1/matematica']);

    fireEvent.change(within(dialog).getByLabelText('Buscar habilidade'), { target: { value: 'frações' } });
    // Until the search answers, the pool stays in view but cannot be picked from.
    expect(found().getAttribute('aria-busy')).toBe('true');
    fireEvent.click(within(dialog).getByLabelText(/^EF35MA20 /));
    expect((within(dialog).getByLabelText(/^EF35MA20 /) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(boxes()).toHaveLength(2));
    const search = new URL(calls[1].url, 'http://localhost').searchParams;
    expect([search.get('ano'), search.get('materia'), search.get('q'), search.get('limit')]).toEqual(['5', 'matematica', 'frações', '50']);
    fireEvent.click(within(dialog).getByLabelText(/^EF05MA08 /));
    within(dialog).getByText('Escolhidas: EF05MA03, EF05MA08');
  });
});

describe('"Trocar habilidade" for a lesson with a description', () => {
  it('lists the skills that best fit the description first, then the rest in code order', async () => {
    const calls = answerFetch((call) =>
      call.url.startsWith('/api/matriz/')
        ? { status: 200, body: matriz, headers: { 'X-Matriz-Ano': '5', 'X-Matriz-Total': '109', 'X-Matriz-RS-Carregada': 'nao' } }
        : // A ranked answer may hold a skill outside the pool: it is not listed.
          { status: 200, body: [match('EF35MA20'), match('EF05MA07'), match('EF09MA01')] },
    );
    const lesson = { ...aula(1, 1, 'Objetivo'), prompt: 'Frações na feira: pesar frutas e comparar metades e terços' };
    renderWithClient(<SkillPickerDialog aula={lesson} ano="5" turmaId="t1" open saving={false} onOpenChange={() => undefined} onSave={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Trocar habilidade da Aula 1' });
    const codesListed = () => [...within(dialog).getByRole('list', { name: 'Habilidades encontradas' }).querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].map((box) => box.id.split('-').pop());

    await within(dialog).findByText(/primeiro as 2 que mais combinam com a descrição desta aula, depois as outras em ordem de código\.$/);
    expect(codesListed()).toEqual(['EF35MA20', 'EF05MA07', ...codes.filter((code) => code !== 'EF35MA20' && code !== 'EF05MA07')]);
    const ranking = new URL(calls.find((call) => call.url.startsWith('/api/habilidades'))!.url, 'http://localhost').searchParams;
    expect([ranking.get('q'), ranking.get('limit')]).toEqual([lesson.prompt, '5']);
  });
});

describe('"Trocar habilidade" when no skill fits the words', () => {
  it('puts nothing first for a description no skill fits, and says a search found no match instead of calling the pool matches', async () => {
    // The api lists the pool anyway (score 0) when no skill fits the words.
    const unmatched = (code: string) => ({ ...match(code), score: 0 });
    answerFetch((call) =>
      call.url.startsWith('/api/matriz/')
        ? { status: 200, body: matriz, headers: { 'X-Matriz-Ano': '5', 'X-Matriz-Total': '109', 'X-Matriz-RS-Carregada': 'nao' } }
        : { status: 200, body: [unmatched('EF05MA08'), unmatched('EF05MA07')] },
    );
    const lesson = { ...aula(1, 1, 'Objetivo'), prompt: 'Passeio xyz' };
    renderWithClient(<SkillPickerDialog aula={lesson} ano="5" turmaId="t1" open saving={false} onOpenChange={() => undefined} onSave={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Trocar habilidade da Aula 1' });
    await within(dialog).findByText('Todas as 109 habilidades desta matéria no 5º ano, em ordem de código.');
    fireEvent.change(within(dialog).getByLabelText('Buscar habilidade'), { target: { value: 'qwerty' } });
    await within(dialog).findByText('Nenhuma habilidade combina com essas palavras: as 2 desta matéria no 5º ano, as de escrita mais parecida primeiro.');
  });
});

describe('what a regeneration costs', () => {
  it('a failed lesson counts the same way as any other: 3 free, then 1 credit', () => {
    const failed = (regeneracoes: number) => ({ ...aula(1, 1, 'Objetivo'), regeneracoes, generation: { state: 'failed' as const, error: 'Falhou' } });
    expect(regenerationCostText(failed(0))).toBe('Restam 3 gerações gratuitas para esta aula.');
    expect(regenerationCostText(failed(2))).toBe('Resta 1 geração gratuita para esta aula.');
    expect(regenerationCostText(failed(3))).toBe('As gerações gratuitas desta aula acabaram: esta custa 1 crédito.');
  });
});

describe('"Versões"', () => {
  const version = (versao: number): AulaVersao => ({
    versao,
    origem: versao === 1 ? 'geracao' : 'edicao',
    createdAt: '2026-11-27T12:00:00.000Z',
    titulo: `Título ${versao}`,
    dua: null,
    verificacao: null,
    habilidades: '(EF05MA03) Frações',
    objetivos: `Objetivo ${versao}`,
    objetosConhecimento: 'Frações',
    experiencias: '1. Etapa',
    evidencias: 'Registro',
    habilidadeCodes: ['EF05MA03'],
  });
  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => version(from - i));

  it('shows the newest 20, then the older ones a page at a time with "Ver versões anteriores", until none remain', async () => {
    // 50 kept: 50..2 and the generated 1; the api pages them by `antes`.
    const calls = answerFetch((call) => {
      if (call.url.endsWith('/versoes')) return { status: 200, body: range(50, 20), headers: { 'X-Next-Antes': '31' } };
      if (call.url.endsWith('/versoes?antes=31')) return { status: 200, body: range(30, 20), headers: { 'X-Next-Antes': '11' } };
      return { status: 200, body: [...range(10, 9), version(1)] };
    });
    const lesson = { ...aula(1, 50, 'Objetivo') };
    renderWithClient(<VersionsDialog planoId="p" aula={lesson} open onOpenChange={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Versões da Aula 1' });
    const listed = () => within(dialog).getAllByText(/^Versão \d+$/).map((el) => Number(el.textContent!.replace('Versão ', '')));

    await waitFor(() => expect(listed()).toHaveLength(20));
    expect(listed()).toEqual(range(50, 20).map((v) => v.versao));
    within(dialog).getByText(/Guardamos as 50 versões mais recentes/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ver versões anteriores' }));
    await waitFor(() => expect(listed()).toHaveLength(40));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ver versões anteriores' }));
    await waitFor(() => expect(listed()).toHaveLength(50));
    expect(listed().slice(-2)).toEqual([2, 1]);
    expect(within(dialog).queryByRole('button', { name: 'Ver versões anteriores' })).toBeNull();
    // Every version but the current one can be restored, the older pages' too.
    within(dialog).getByRole('button', { name: 'Restaurar versão 1' });
    expect(calls.map((c) => c.url)).toEqual(['/api/planos/p/aulas/00000000-0000-4000-8000-000000000001/versoes', expect.stringMatching(/\?antes=31$/), expect.stringMatching(/\?antes=11$/)]);
  });
});
