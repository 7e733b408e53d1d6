import { UnrecoverableError } from 'bullmq';
import { classifyMailError } from '@planejador/mail';
import { describeMailError } from '../src/mail/mail.service';

const smtpError = (responseCode: number, response: string) => Object.assign(new Error(response), { responseCode, response });
const netError = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('bulk e-mail failures: retry or give up, and a reason an admin can read', () => {
  it('retries 4xx replies and problems before the message was handed over, gives up on 5xx', () => {
    expect(classifyMailError(smtpError(451, '451 Try again later'))).toBe('retry');
    expect(classifyMailError(smtpError(421, '421 Too busy'))).toBe('retry');
    expect(classifyMailError(netError('ECONNREFUSED'))).toBe('retry');
    expect(classifyMailError(netError('ETIMEDOUT'))).toBe('retry');
    expect(classifyMailError(Object.assign(netError('ECONNECTION'), { smtpStage: 'envelope' }))).toBe('retry');
    expect(classifyMailError(smtpError(550, '550 Mailbox unavailable'))).toBe('final');
    expect(classifyMailError(smtpError(554, '554 Transaction failed'))).toBe('final');
  });

  it('a connection lost or timed out once the server had the message: delivery unknown, whatever its code', () => {
    expect(classifyMailError(Object.assign(netError('ECONNECTION'), { smtpStage: 'message' }))).toBe('unknown');
    expect(classifyMailError(Object.assign(netError('ETIMEDOUT'), { smtpStage: 'message' }))).toBe('unknown');
    // The server's answer to the message says it did not take it.
    expect(classifyMailError(Object.assign(smtpError(451, '451 Try again later'), { smtpStage: 'message' }))).toBe('retry');
    expect(describeMailError(Object.assign(netError('ECONNECTION'), { smtpStage: 'message' }))).toMatch(/entrega não confirmada/);
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
