import { LIMITS, MSG } from '@planejador/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('counts each address once across Para, CC and CCO, and ignores invalid ones', () => {
    renderWithClient(<EmailSenderForm />);
    type('Para', 'ana@escola.com; bia@escola.com; não-é-email');
    type('CC (Cópia)', 'ANA@escola.com; caio@escola.com');
    type('CCO (Cópia Oculta)', 'bia@escola.com;caio@escola.com; davi@escola.com');
    expect(screen.getByTestId('recipient-count').textContent).toBe('4');
    expect(screen.getByText('Para 2 · CC 1 · CCO 1')).toBeTruthy();
    expect(sendButton().disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
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

  it('sends the resolved lists, shows the answer and clears the form but keeps the HTML', async () => {
    const calls = answerFetch(() => ({ status: 202, body: { message: 'Envio agendado para 2 destinatário(s)', id: 'e1', recipients: 2 } }));
    renderWithClient(<EmailSenderForm />);
    type('Para', 'ana@escola.com; Bia@Escola.com');
    type('Assunto', 'Convite');
    type('Conteúdo HTML', '<p>Olá</p>');
    fireEvent.click(sendButton());

    expect(await screen.findByText('Envio agendado para 2 destinatário(s)')).toBeTruthy();
    const send = calls.find((call) => call.url === '/admin/email-sender');
    expect(send).toMatchObject({ method: 'POST', body: { to: ['ana@escola.com', 'bia@escola.com'], cc: [], bcc: [], subject: 'Convite', html: '<p>Olá</p>' } });
    await waitFor(() => expect((screen.getByLabelText('Para') as HTMLTextAreaElement).value).toBe(''));
    expect((screen.getByLabelText('Assunto') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Conteúdo HTML') as HTMLTextAreaElement).value).toBe('<p>Olá</p>');
  });
});
