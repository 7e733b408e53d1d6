import { formResolver } from '@/lib/form-resolver';
import { forgotPasswordSchema } from '@planejador/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorText, isHttpError } from '@/lib/http';
import { cn } from '@/lib/utils';
import { isForgotPasswordSuccess, useForgotPassword } from '../api/forgot-password';

const NETWORK_ERROR = 'Erro ao enviar solicitação. Tente novamente.';

interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The e-mail typed in the sign-in form when the dialog was opened. */
  defaultEmail?: string;
}

/**
 * Loaded when first opened (login-form.tsx): its own chunk with Radix Dialog. The opener mounts a new one for each
 * opening (a fresh form with the e-mail typed at that moment) and keeps it mounted while it closes.
 */
export function ForgotPasswordDialog({ open, onOpenChange, defaultEmail }: ForgotPasswordDialogProps) {
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  const forgot = useForgotPassword();
  const form = useForm({ resolver: formResolver(forgotPasswordSchema), defaultValues: { email: defaultEmail ?? '' } });

  const onSubmit = form.handleSubmit((values) => {
    setResult(null);
    forgot.mutate(values, {
      onSuccess: ({ message }) => setResult({ text: message, ok: isForgotPasswordSuccess(message) }),
      onError: (error) =>
        setResult({ text: isHttpError(error) ? errorText(error, NETWORK_ERROR) : NETWORK_ERROR, ok: false }),
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Esqueci minha senha</DialogTitle>
          <DialogDescription>
            Informe o email da sua conta. Enviaremos um link para você criar uma nova senha.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
          <FormField label="Email" error={form.formState.errors.email?.message}>
            <Input type="email" autoComplete="email" placeholder="seu@email.com" {...form.register('email')} />
          </FormField>
          {result ? (
            <p
              role="status"
              className={cn(
                'rounded-md p-3 text-sm font-medium',
                result.ok ? 'bg-success-soft text-success' : 'bg-destructive/10 text-destructive',
              )}
            >
              {result.text}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={forgot.isPending}>
              {forgot.isPending ? 'Enviando...' : 'Enviar'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
