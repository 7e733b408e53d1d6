import { UnrecoverableError } from 'bullmq';
import { isTransientMailError } from '@planejador/mail';
import { describeMailError } from '../src/mail/mail.service';

const smtpError = (responseCode: number, response: string) => Object.assign(new Error(response), { responseCode, response });
const netError = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('bulk e-mail failures: retry or give up, and a reason an admin can read', () => {
  it('retries 4xx replies and connection problems, gives up on 5xx', () => {
    expect(isTransientMailError(smtpError(451, '451 Try again later'))).toBe(true);
    expect(isTransientMailError(smtpError(421, '421 Too busy'))).toBe(true);
    expect(isTransientMailError(netError('ECONNREFUSED'))).toBe(true);
    expect(isTransientMailError(netError('ETIMEDOUT'))).toBe(true);
    expect(isTransientMailError(smtpError(550, '550 Mailbox unavailable'))).toBe(false);
    expect(isTransientMailError(smtpError(554, '554 Transaction failed'))).toBe(false);
  });

  it('describes each kind of failure in Portuguese', () => {
    expect(describeMailError(smtpError(550, '550 Mailbox unavailable'))).toBe('Servidor SMTP recusou o envio (550): 550 Mailbox unavailable');
    expect(describeMailError(netError('ECONNREFUSED'))).toBe('Não foi possível conectar ao servidor SMTP.');
    expect(describeMailError(netError('ETIMEDOUT'))).toBe('O servidor SMTP não respondeu a tempo.');
    expect(describeMailError(netError('EAUTH'))).toBe('Falha de autenticação no servidor SMTP.');
  });

  it('keeps the reason of a permanent refusal as it was (no second wrapping)', () => {
    const reason = describeMailError(smtpError(550, '550 Mailbox unavailable'));
    expect(describeMailError(new UnrecoverableError(reason))).toBe(reason);
  });

  it('never shows SMTP credentials and keeps reasons short', () => {
    const text = describeMailError(new Error('connect failed for smtp://usuario:segredo@mail.example.com:587'));
    expect(text).not.toContain('segredo');
    expect(text).not.toContain('usuario');
    expect(describeMailError(smtpError(550, 'x'.repeat(2000))).length).toBeLessThan(400);
  });
});
