import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@planejador/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useLogin } from '../api/login';
import { ForgotPasswordDialog } from './forgot-password-dialog';

export function LoginForm() {
  const login = useLogin();
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="seu@email.com" {...form.register('email')} />
      </FormField>
      <FormField label="Senha" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" placeholder="Sua senha" {...form.register('password')} />
      </FormField>
      <div className="-mt-1 flex justify-end">
        <ForgotPasswordDialog defaultEmail={form.watch('email')} />
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Entrando...' : 'Entrar'}
      </Button>
    </form>
  );
}
