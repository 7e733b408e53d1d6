import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useResendVerification } from '@/lib/api/resend-verification';
import { errorText } from '@/lib/http';

/** "Reenviar e-mail" with its outcome announced politely to screen readers. */
export function ResendVerificationButton({ className }: { className?: string }) {
  const resend = useResendVerification();
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  return (
    <div className={className}>
      <Button
        type="button"
        className="w-full"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: ({ message }) => setOutcome({ text: message, failed: false }),
            onError: (error) =>
              setOutcome({ text: errorText(error, 'Não foi possível reenviar o e-mail. Tente novamente.'), failed: true }),
          })
        }
      >
        {resend.isPending ? 'Enviando...' : 'Reenviar e-mail'}
      </Button>
      <p aria-live="polite" className={outcome?.failed ? 'mt-2 text-sm text-destructive' : 'mt-2 text-sm text-muted-foreground'}>
        {outcome?.text ?? ''}
      </p>
    </div>
  );
}
