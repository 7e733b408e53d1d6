import { SUPPORT_EMAIL } from '@planejador/contracts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The promotional invitation the HTML field starts with: heading, benefits, a button to the platform, support. */
export function invitationTemplate(platformUrl: string, supportEmail: string = SUPPORT_EMAIL): string {
  const url = escapeHtml(platformUrl);
  const support = escapeHtml(supportEmail);
  return `<!doctype html>
<html lang="pt-BR">
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
  <div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <h1 style="margin:0 0 16px;font-size:24px;color:#3730a3">Planeje suas aulas em minutos com o Planejador</h1>
    <p>Olá, professor(a)!</p>
    <p>Convidamos você a conhecer o <strong>Planejador</strong>, a plataforma que usa inteligência artificial para criar planos de aula alinhados à BNCC e ao modelo oficial da SEDUC-RS 2025.</p>
    <ul style="padding-left:20px">
      <li>Planos de aula prontos em menos de 2 minutos</li>
      <li>100% de alinhamento com a BNCC</li>
      <li>Edição completa e exportação para Word (.docx)</li>
      <li>Histórico de todos os seus planos em um só lugar</li>
    </ul>
    <p style="text-align:center;margin:32px 0">
      <a href="${url}" style="display:inline-block;background:#4338ca;color:#ffffff;padding:12px 24px;border-radius:8px;text-decoration:none;font-weight:bold">Teste Agora - É Grátis</a>
    </p>
    <p style="font-size:14px;color:#4b5563">Dúvidas? Fale com a nossa equipe: <a href="mailto:${support}" style="color:#3730a3">${support}</a></p>
  </div>
</body>
</html>
`;
}
