import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useLogin } from '../api/login';
import { useAuthForm } from '../forms/use-auth-form';
import type { ForgotPasswordDialog as Dialog } from './forgot-password-dialog';
import { toast } from '@/lib/toast';

// The dialog (Radix Dialog, its form) is a chunk of its own: fetched when the pointer or focus reaches its button.
const loadForgotPasswordDialog = () => import('./forgot-password-dialog');
const preloadForgotPasswordDialog = () => void loadForgotPasswordDialog().catch(() => undefined);

export function LoginForm() {
  const login = useLogin();
  const { form, field, value, errors } = useAuthForm('login', ['email', 'password'], (values) => login.mutate(values));
  return (
    <form className="flex flex-col gap-4" {...form}>
      <FormField label="Email" error={errors.email}>
        <Input type="email" autoComplete="email" placeholder="seu@email.com" {...field('email')} />
      </FormField>
      <FormField label="Senha" error={errors.password}>
        <Input type="password" autoComplete="current-password" placeholder="Sua senha" {...field('password')} />
      </FormField>
      <div className="-mt-1 flex justify-end">
        <ForgotPassword currentEmail={() => value('email')} />
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Entrando...' : 'Entrar'}
      </Button>
    </form>
  );
}

/** 'Esqueci minha senha': opens the dialog with the e-mail typed so far. */
function ForgotPassword({ currentEmail }: { currentEmail: () => string }) {
  const [dialog, setDialog] = useState<{ Component: typeof Dialog; opening: number; email: string } | null>(null);
  const [open, setOpen] = useState(false);
  const openDialog = () => {
    const email = currentEmail();
    loadForgotPasswordDialog().then(
      ({ ForgotPasswordDialog: Component }) => {
        setDialog((previous) => ({ Component, opening: (previous?.opening ?? 0) + 1, email }));
        setOpen(true);
      },
      () => toast({ title: 'Erro', description: 'Não foi possível abrir. Recarregue a página.', variant: 'destructive' }),
    );
  };
  return (
    <>
      <Button
        variant="link"
        size="sm"
        className="h-auto py-0"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preloadForgotPasswordDialog}
        onFocus={preloadForgotPasswordDialog}
        onClick={openDialog}
      >
        Esqueci minha senha
      </Button>
      {dialog ? (
        <dialog.Component key={dialog.opening} open={open} onOpenChange={setOpen} defaultEmail={dialog.email} />
      ) : null}
    </>
  );
}
