import { LIMITS, MSG } from '@planejador/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answerFetch, renderWithClient } from '@/test/render';
import { EmailSenderForm } from './email-sender-form';

const addresses = (count: number, domain = 'escola.com') => Array.from({ length: count }, (_, i) => `prof${i + 1}@${domain}`);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const sendButton = () => screen.getByRole('button', { name: /^Enviar Email/ }) as HTMLButtonElement;

describe('EmailSenderForm', () => {
  it('cannot send to nobody', () => {
    renderWithClient(<EmailSenderForm />);
    expect(screen.getByTestId('recipient-count').textContent).toBe('0');
    expect(sendButton().textContent).toBe('Enviar Email (0 destinatário(s))');
    expect(sendButton().disabled).toBe(true);
  });

  it('counts each address once across Para, CC and CCO, and lists the invalid ones it ignores, by value', () => {
    renderWithClient(<EmailSenderForm />);
    expect(screen.queryByRole('list', { name: 'Endereços ignorados' })).toBeNull();
    type('Para', 'ana@escola.com; bia@escola.com; não-é-email');
    type('CC (Cópia)', 'ANA@escola.com; caio@escola.com; caio@escola');
    type('CCO (Cópia Oculta)', 'bia@escola.com;caio@escola.com; davi@escola.com; não-é-email');
    expect(screen.getByTestId('recipient-count').textContent).toBe('4');
    expect(screen.getByText('Para 2 · CC 1 · CCO 1')).toBeTruthy();
    expect(sendButton().disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    const ignored = screen.getByRole('list', { name: 'Endereços ignorados' });
    expect(within(ignored).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['não-é-email', 'caio@escola']);
    screen.getByText('2 endereços inválidos serão ignorados:');
  });

  it('warns above 50 recipients but still sends', () => {
    renderWithClient(<EmailSenderForm />);
    type('Para', addresses(LIMITS.emailWarnRecipients + 1).join('; '));
    expect(screen.getByRole('alert').textContent).toContain('Este envio vai para 51 destinatários. Confira a lista antes de enviar.');
    expect(sendButton().disabled).toBe(false);
  });

  it('more than 100 recipients disable "Enviar" and say why, until the list is short enough', () => {
    renderWithClient(<EmailSenderForm />);
    type('Para', addresses(60).join('; '));
    type('CC (Cópia)', addresses(41, 'cc.com').join('; '));

    const button = sendButton();
    expect(button.textContent).toBe('Enviar Email (101 destinatário(s))');
    expect(button.disabled).toBe(true);
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Envio bloqueado: 101 destinatários, o máximo é 100. Remova 1 para enviar.');
    expect(screen.getByRole('alert').textContent).toContain(MSG.tooManyRecipients);

    type('CC (Cópia)', addresses(40, 'cc.com').join('; '));
    expect(sendButton().disabled).toBe(false);
    expect(sendButton().getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/Envio bloqueado/)).toBeNull();
  });

  it('asks for the subject in Portuguese before sending anything', async () => {
    const calls = answerFetch(() => ({ status: 202, body: {} }));
    renderWithClient(<EmailSenderForm />);
    type('Para', 'ana@escola.com');
    fireEvent.click(sendButton());
    expect(await screen.findByText(MSG.subjectRequired)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('asks first: the count, the subject and the start of the body; Cancelar sends nothing', async () => {
    const calls = answerFetch(() => ({ status: 202, body: {} }));
    renderWithClient(<EmailSenderForm />);
    type('Para', 'ana@escola.com; bia@escola.com; errado');
    type('CCO (Cópia Oculta)', 'caio@escola.com');
    type('Assunto', 'Convite para o Planejador');
    // The invitation template stays the body; the dialog shows its text, never its markup.
    fireEvent.click(sendButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviar para 3 destinatários?' });
    expect(dialog.textContent).toContain('Assunto: Convite para o Planejador');
    const start = within(dialog).getByText('Início da mensagem:').closest('p')!.textContent!;
    expect(start).toMatch(/Planeje suas aulas/);
    expect(start).not.toContain('<');
    expect(start.length).toBeLessThan(200);
    expect(dialog.textContent).toContain('Endereços ignorados (inválidos): errado');
    expect(dialog.textContent).toContain('ninguém vê o endereço dos outros');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([]);
    expect((screen.getByLabelText('Assunto') as HTMLInputElement).value).toBe('Convite para o Planejador');
  });

  it('sends the resolved lists once confirmed, shows the answer and clears the form but keeps the HTML', async () => {
    const calls = answerFetch(() => ({ status: 202, body: { message: 'Envio agendado para 2 destinatário(s)', id: 'e1', recipients: 2 } }));
    renderWithClient(<EmailSenderForm />);
    type('Para', 'ana@escola.com; Bia@Escola.com');
    type('Assunto', 'Convite');
    type('Conteúdo HTML', '<p>Olá</p>');
    fireEvent.click(sendButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviar para 2 destinatários?' });
    expect(within(dialog).getByText('Início da mensagem:').closest('p')!.textContent).toBe('Início da mensagem: Olá');
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar agora' }));

    expect(await screen.findByText('Envio agendado para 2 destinatário(s)')).toBeTruthy();
    const send = calls.find((call) => call.url === '/admin/email-sender');
    expect(send).toMatchObject({ method: 'POST', body: { to: ['ana@escola.com', 'bia@escola.com'], cc: [], bcc: [], subject: 'Convite', html: '<p>Olá</p>' } });
    await waitFor(() => expect((screen.getByLabelText('Para') as HTMLTextAreaElement).value).toBe(''));
    expect((screen.getByLabelText('Assunto') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Conteúdo HTML') as HTMLTextAreaElement).value).toBe('<p>Olá</p>');
  });
});
