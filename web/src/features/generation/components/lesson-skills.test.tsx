import type { GenerateFormData, GenerateFormInput, HabilidadeMatch } from '@planejador/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { answerFetch, deferred, renderWithClient, type FetchAnswer } from '@/test/render';
import { HabilidadeSearch } from './habilidade-search';
import { LessonSkills } from './lesson-skills';

const skill = (code: string): HabilidadeMatch => ({ code, description: `Texto de ${code}`, unit: 'Números', field: null, knowledgeObjects: [], score: 0.5 });

/** The api's skill search: one answer per text; the second text's answer waits until the test lets it go. */
function searchApi() {
  const second = deferred<FetchAnswer>();
  const calls = answerFetch((call) => {
    const q = new URL(call.url, 'http://localhost').searchParams.get('q') ?? '';
    if (q.startsWith('bingo')) return { status: 200, body: [skill('EF05MA03'), skill('EF05MA04')] };
    return second.promise;
  });
  const asked = (text: string) => calls.some((c) => new URL(c.url, 'http://localhost').searchParams.get('q') === text);
  return { asked, answerSecond: () => second.resolve({ status: 200, body: [skill('EF05MA19')] }) };
}

function GenerateLesson() {
  const form = useForm<GenerateFormInput, unknown, GenerateFormData>({ defaultValues: { aulas: [{ prompt: '', habilidadesFixadas: [] }] } });
  return (
    <>
      <label htmlFor="descricao">Descrição da aula 1</label>
      <textarea id="descricao" {...form.register('aulas.0.prompt')} />
      <LessonSkills form={form} index={0} ano="5" materia="matematica" numero={1} onViewAll={() => undefined} />
    </>
  );
}

const suggestion = (code: string) => screen.getByRole('button', { name: new RegExp(`^${code} \\((fixar|fixada)\\)`) });
const list = () => screen.getByRole('list', { name: /^Habilidades sugeridas para a aula 1/ });

describe('skill suggestions while the text changes', () => {
  it('a suggestion for the previous text is shown stale (busy, unavailable) and a click does not pin it', async () => {
    const api = searchApi();
    renderWithClient(<GenerateLesson />);
    const description = screen.getByLabelText('Descrição da aula 1');
    fireEvent.change(description, { target: { value: 'bingo das frações' } });
    await waitFor(() => expect(suggestion('EF05MA03').getAttribute('aria-disabled')).toBeNull());
    expect(list().getAttribute('aria-busy')).toBe('false');

    // A new text: until its own suggestions come, the old ones stay in view but say they are out of date.
    fireEvent.change(description, { target: { value: 'medidas com trena' } });
    expect(suggestion('EF05MA03').getAttribute('aria-disabled')).toBe('true');
    expect(list().getAttribute('aria-busy')).toBe('true');
    screen.getByText('Atualizando as sugestões para o novo texto...');
    fireEvent.click(suggestion('EF05MA03'));
    // Still stale once the new text is asked for (its answer not here yet): a click still pins nothing.
    await waitFor(() => expect(api.asked('medidas com trena')).toBe(true));
    expect(suggestion('EF05MA03').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(suggestion('EF05MA03'));
    expect(screen.queryByRole('button', { name: 'Desafixar EF05MA03 da aula 1' })).toBeNull();
    // The button keeps its focus while stale (a keyboard user does not lose their place).
    suggestion('EF05MA04').focus();
    expect(document.activeElement).toBe(suggestion('EF05MA04'));

    api.answerSecond();
    await waitFor(() => expect(suggestion('EF05MA19').getAttribute('aria-disabled')).toBeNull());
    expect(screen.queryByRole('button', { name: /^EF05MA03/ })).toBeNull();
    expect(list().getAttribute('aria-busy')).toBe('false');
    fireEvent.click(suggestion('EF05MA19'));
    screen.getByRole('button', { name: 'Desafixar EF05MA19 da aula 1' });
  });

  it("the matrix's skill search: results of the previous text cannot be pinned until the new ones come", async () => {
    const api = searchApi();
    function Search() {
      const [pinned, setPinned] = useState<string[]>([]);
      return <HabilidadeSearch ano="5" materia="matematica" pick={{ numero: 1, pinned, onToggle: (code) => setPinned((p) => [...p, code]) }} />;
    }
    renderWithClient(<Search />);
    const box = screen.getByRole('searchbox', { name: 'Buscar habilidade' });
    const pin = (code: string) => screen.getByRole('button', { name: `Fixar ${code} na aula 1` });
    fireEvent.change(box, { target: { value: 'bingo das frações' } });
    await waitFor(() => expect(pin('EF05MA03').getAttribute('aria-disabled')).toBeNull());

    fireEvent.change(box, { target: { value: 'medidas com trena' } });
    await waitFor(() => expect(api.asked('medidas com trena')).toBe(true));
    expect(pin('EF05MA03').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('list', { name: 'Habilidades encontradas' }).getAttribute('aria-busy')).toBe('true');
    fireEvent.click(pin('EF05MA03'));
    expect(pin('EF05MA03').getAttribute('aria-pressed')).toBe('false');

    api.answerSecond();
    await waitFor(() => expect(pin('EF05MA19').getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(pin('EF05MA19'));
    expect(pin('EF05MA19').getAttribute('aria-pressed')).toBe('true');
  });
});
