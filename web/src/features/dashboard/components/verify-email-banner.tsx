import type { PublicUser } from '@planejador/contracts';
import { MailWarning } from 'lucide-react';
import { ResendVerificationButton } from '@/components/resend-verification-button';

/** For a teacher who has not confirmed the address yet: why it matters, and a new link on request. */
export function VerifyEmailBanner({ user }: { user: PublicUser }) {
  if (user.emailVerificado) return null;
  return (
    <section
      aria-labelledby="verify-email-title"
      className="flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <MailWarning className="size-8 shrink-0" aria-hidden="true" />
      <div className="flex-1">
        <h2 id="verify-email-title" className="font-semibold">
          Confirme seu e-mail
        </h2>
        <p className="text-sm">
          Enviamos um link de confirmação para <strong>{user.email}</strong>. Abra-o para confirmar que o endereço é seu
          (o link vale por 24 horas). Não recebeu? Verifique a caixa de spam ou peça um novo.
        </p>
      </div>
      <ResendVerificationButton className="sm:w-48" />
    </section>
  );
}
