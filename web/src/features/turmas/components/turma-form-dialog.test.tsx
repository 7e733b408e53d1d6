import { MSG, type Turma, type TurmaData } from '@planejador/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TurmaFormDialog, type TurmaDialogMode } from './turma-form-dialog';

const turma: Turma = {
  id: 't1',
  nomeProfessor: 'Ana Souza',
  numero: '51',
  escola: 'EEEF Rio Branco',
  etapa: 'fundamental',
  ano: '5',
  estado: 'RS',
  instituicao: 'SEDUC-RS_2025',
  barreiras: ['leitura'],
  observacoesAdicionais: 'Turma agitada depois do recreio',
  userId: 'u1',
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  _count: { planosAula: 2 },
};

function openDialog(mode: TurmaDialogMode, source: Turma | null, pending = false) {
  const submitted: TurmaData[] = [];
  render(<TurmaFormDialog open mode={mode} source={source} pending={pending} onOpenChange={() => undefined} onSubmit={(data) => submitted.push(data)} />);
  return { dialog: screen.getByRole('dialog'), submitted };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (label: string) => {
  const describedBy = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return describedBy
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.id.endsWith('-error'))?.textContent;
};

describe('TurmaFormDialog', () => {
  it('a new class: every required field says what is missing, in Portuguese, and nothing is submitted', async () => {
    const { dialog, submitted } = openDialog('create', null);
    expect(within(dialog).getByRole('heading', { name: 'Nova Turma' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar Turma' }));

    await screen.findByText(MSG.nomeProfessorRequired);
    expect(errorOf('Nome do Professor')).toBe(MSG.nomeProfessorRequired);
    expect(errorOf('Número da Turma')).toBe(MSG.numeroRequired);
    expect(errorOf('Escola')).toBe(MSG.escolaRequired);
    // An empty year asks for a choice instead of naming the range.
    expect(errorOf('Ano')).toBe(MSG.anoRequired);
    expect(MSG.anoRequired).toBe('Selecione o ano');
    expect(errorOf('Observações Adicionais (opcional)')).toBeUndefined();
    expect(field('Nome do Professor').getAttribute('aria-invalid')).toBe('true');
    expect(submitted).toEqual([]);
  });

  it('blank-only text counts as missing', async () => {
    const { dialog, submitted } = openDialog('edit', { ...turma, escola: '   ' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    await screen.findByText(MSG.escolaRequired);
    expect(errorOf('Nome do Professor')).toBeUndefined();
    expect(submitted).toEqual([]);
  });

  it('editing starts from the class and submits it trimmed; empty notes become null', async () => {
    const { dialog, submitted } = openDialog('edit', turma);
    expect(within(dialog).getByRole('heading', { name: 'Editar Turma' })).toBeTruthy();
    expect(field('Nome do Professor').value).toBe('Ana Souza');
    expect(field('Número da Turma').value).toBe('51');
    expect(within(dialog).getByRole('combobox', { name: 'Ano' }).textContent).toBe('5º ano');

    fireEvent.change(field('Escola'), { target: { value: '  EEEF Nova  ' } });
    fireEvent.change(field('Observações Adicionais (opcional)'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));

    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({
      nomeProfessor: 'Ana Souza',
      numero: '51',
      escola: 'EEEF Nova',
      etapa: 'fundamental',
      ano: '5',
      estado: 'RS',
      instituicao: 'SEDUC-RS_2025',
      observacoesAdicionais: null,
      barreiras: ['leitura'],
    });
  });

  it('barreiras: checkboxes with the explanation (needs, never who; no names, diagnoses or laudos), submitted in order', async () => {
    const { dialog, submitted } = openDialog('edit', turma);
    const group = within(dialog).getByRole('group', { name: 'Barreiras da turma (opcional)' });
    expect(group.textContent).toContain('nunca quem precisa');
    expect(group.textContent).toContain('Nomes, diagnósticos e laudos não devem ser escritos no Planejador');
    const box = (name: RegExp) => within(group).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(box(/^Leitura/).checked).toBe(true);
    fireEvent.click(box(/^Audição e Libras/));
    fireEvent.click(box(/^Atenção e organização/));
    fireEvent.click(box(/^Leitura/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0].barreiras).toEqual(['atencao', 'audicao-libras']);
  });

  it('duplicating copies everything but the class number, which is then asked for', async () => {
    const { dialog, submitted } = openDialog('duplicate', turma);
    expect(within(dialog).getByRole('heading', { name: 'Duplicar Turma' })).toBeTruthy();
    expect(field('Número da Turma').value).toBe('');
    expect(field('Escola').value).toBe('EEEF Rio Branco');
    expect(field('Observações Adicionais (opcional)').value).toBe('Turma agitada depois do recreio');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar Turma' }));
    await screen.findByText(MSG.numeroRequired);
    expect(submitted).toEqual([]);
  });

  it('offers the stage first, then its years under their own name: grupo etário in infantil, série in médio', async () => {
    const medio = openDialog('edit', { ...turma, etapa: 'medio', ano: '2' });
    expect(within(medio.dialog).getByRole('combobox', { name: 'Etapa' }).textContent).toBe('Ensino Médio');
    expect(within(medio.dialog).getByRole('combobox', { name: 'Série' }).textContent).toBe('2ª série do Ensino Médio');
    fireEvent.click(within(medio.dialog).getByRole('button', { name: 'Salvar Alterações' }));
    await waitFor(() => expect(medio.submitted).toHaveLength(1));
    expect(medio.submitted[0]).toMatchObject({ etapa: 'medio', ano: '2' });
    cleanup();
    const infantil = openDialog('edit', { ...turma, etapa: 'infantil', ano: '3' });
    expect(within(infantil.dialog).getByRole('combobox', { name: 'Grupo etário' }).textContent).toBe('Creche/Pré-escola — crianças pequenas');
  });

  it('a class saved with a year the form does not offer has to pick one again', async () => {
    const { dialog, submitted } = openDialog('edit', { ...turma, ano: '12' });
    expect(within(dialog).getByRole('combobox', { name: 'Ano' }).textContent).toBe('Selecione o ano');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    await waitFor(() => expect(errorOf('Ano')).toBe(MSG.anoRequired));
    expect(submitted).toEqual([]);
  });

  it('while saving, the submit button says so and cannot be pressed again', () => {
    const { dialog } = openDialog('edit', turma, true);
    const saving = within(dialog).getByRole('button', { name: 'Salvando...' }) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Cancelar' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('TurmaFormDialog labels', () => {
  it('offers the institution by its label while the stored value stays SEDUC-RS_2025', async () => {
    const { dialog, submitted } = openDialog('edit', turma);
    const instituicao = within(dialog).getByRole('combobox', { name: 'Instituição' });
    expect(instituicao.textContent).toBe('SEDUC-RS 2025');
    expect(dialog.textContent).not.toContain('SEDUC-RS_2025');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0].instituicao).toBe('SEDUC-RS_2025');
  });
});

describe('TurmaFormDialog is honest about who writes the plans', () => {
  const texts = (generator?: 'openai' | 'offline') => {
    const view = render(
      <TurmaFormDialog open mode="create" source={null} pending={false} onOpenChange={() => undefined} onSubmit={() => undefined} generator={generator} />,
    );
    const text = screen.getByRole('dialog').textContent ?? '';
    view.unmount();
    return text;
  };

  it('promises no AI when none is set up (offline) or before it is known; names it when one is', () => {
    for (const generator of ['offline', undefined] as const) {
      const text = texts(generator);
      expect(text).not.toContain('ajudam a IA');
      expect(text).not.toContain('que a IA deve considerar');
      expect(text).toContain('Os dados da turma vão no cabeçalho dos planos.');
    }
    expect(texts('offline')).toContain('sem IA configurada, não mudam o texto dos planos');
    expect(texts(undefined)).not.toMatch(/\bIA\b/);
    expect(texts('openai')).toContain('Os dados da turma ajudam a IA a adaptar os planos.');
  });
});

describe('TurmaFormDialog: no personal data in the notes', () => {
  it('the field promises it keeps no names or reports, and warns while the teacher types something personal', async () => {
    openDialog('create', null);
    const notes = screen.getByLabelText('Observações Adicionais (opcional)');
    // The promise speaks of that field, and is read with it.
    const describedBy = (notes.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(describedBy.join(' ')).toContain('Este campo não guarda nomes, diagnósticos, laudos nem dados de saúde');
    fireEvent.change(notes, { target: { value: 'Turma agitada depois do recreio' } });
    expect(screen.queryByText(/Parece haver dado pessoal/)).toBeNull();
    fireEvent.change(notes, { target: { value: 'O aluno Enzo tem laudo CID F84.0' } });
    const warning = await screen.findByText(/Parece haver dado pessoal/);
    expect(warning.textContent).toContain('nome de pessoa');
    expect(warning.textContent).toContain('código CID');
  });

  it('previews, in a labelled live region, what will be removed and the text that will be saved', async () => {
    const { dialog, submitted } = openDialog('edit', turma);
    const preview = within(dialog).getByRole('status', { name: 'Prévia das observações' });
    // Present before anything is found, so its changes are announced; empty until then.
    expect(preview.textContent).toBe('');
    const notes = screen.getByLabelText('Observações Adicionais (opcional)');
    const typed = 'A Alice tem TEA e precisa de rotina. Laudo CID F84.0. Ligar para a mãe: (51) 99876-5432. CPF 529.982.247-25.';
    fireEvent.change(notes, { target: { value: `  ${typed}  ` } });

    await waitFor(() => expect(preview.textContent).toContain('Será guardado assim:'));
    const text = preview.textContent ?? '';
    expect(text).toContain('A [nome] tem [laudo] e precisa de rotina. Laudo [CID]. Ligar para a mãe: [telefone]. [CPF].');
    for (const [part, label] of [
      ['Alice', 'nome de pessoa'],
      ['TEA', 'detalhe de laudo ou diagnóstico'],
      ['CID F84.0', 'código CID'],
      ['(51) 99876-5432', 'telefone'],
      ['CPF 529.982.247-25', 'CPF'],
    ]) {
      expect(within(preview).getByText(part, { selector: 'q' }).parentElement?.textContent?.replace(/^, /, '')).toBe(`${part} (${label})`);
    }
    // The preview is what the api will store; the form sends what she typed, trimmed (the api redacts it).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0].observacoesAdicionais).toBe(typed);

    // Notes with nothing personal: the preview empties.
    fireEvent.change(notes, { target: { value: 'Turma participativa, gosta de jogos.' } });
    await waitFor(() => expect(preview.textContent).toBe(''));
  });

  it('editing a class whose notes were saved redacted shows no preview', () => {
    openDialog('edit', { ...turma, observacoesAdicionais: 'A [nome] tem [laudo] e precisa de rotina. Laudo [CID].' });
    expect(screen.getByRole('status', { name: 'Prévia das observações' }).textContent).toBe('');
  });
});
