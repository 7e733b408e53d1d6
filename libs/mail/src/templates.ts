const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The password-reset e-mail (Portuguese); the link expires in one hour and works once. */
export function passwordResetMail(input: { name: string | null; resetUrl: string }): RenderedMail {
  const greeting = input.name ? `Olá, ${input.name}!` : 'Olá!';
  const url = input.resetUrl;
  return {
    subject: 'Redefinição de senha - Planejador',
    text: [
      greeting,
      '',
      'Recebemos um pedido para redefinir a senha da sua conta no Planejador.',
      'Para criar uma nova senha, abra o link abaixo (válido por 1 hora, uso único):',
      url,
      '',
      'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
    ].join('\n'),
    html: `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
<p>Recebemos um pedido para redefinir a senha da sua conta no <strong>Planejador</strong>.</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Redefinir minha senha</a></p>
<p>Ou copie este endereço no navegador:<br><span>${escapeHtml(url)}</span></p>
<p style="color:#6b7280;font-size:13px">O link vale por 1 hora e pode ser usado uma única vez. Se você não pediu a redefinição, ignore este e-mail.</p>
</body></html>`,
  };
}

export { escapeHtml };

/** The e-mail-confirmation e-mail (Portuguese); the link expires in 24 hours and works once. */
export function verifyEmailMail(input: { name: string | null; verifyUrl: string }): RenderedMail {
  const greeting = input.name ? `Olá, ${input.name}!` : 'Olá!';
  const url = input.verifyUrl;
  return {
    subject: 'Confirme seu e-mail - Planejador',
    text: [
      greeting,
      '',
      'Para confirmar o endereço de e-mail da sua conta no Planejador, abra o link abaixo (válido por 24 horas, uso único):',
      url,
      '',
      'Se você não criou uma conta no Planejador, ignore este e-mail.',
    ].join('\n'),
    html: `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
<p>Para confirmar o endereço de e-mail da sua conta no <strong>Planejador</strong>, use o botão abaixo.</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Confirmar meu e-mail</a></p>
<p>Ou copie este endereço no navegador:<br><span>${escapeHtml(url)}</span></p>
<p style="color:#6b7280;font-size:13px">O link vale por 24 horas e pode ser usado uma única vez. Se você não criou uma conta, ignore este e-mail.</p>
</body></html>`,
  };
}
