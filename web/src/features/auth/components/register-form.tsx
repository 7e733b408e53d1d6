import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema } from '@planejador/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useRegister } from '../api/register';

export function RegisterForm() {
  const registerUser = useRegister();
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) => registerUser.mutate(values))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Nome" error={errors.firstName?.message}>
          <Input autoComplete="given-name" placeholder="Seu nome" {...form.register('firstName')} />
        </FormField>
        <FormField label="Sobrenome" error={errors.lastName?.message}>
          <Input autoComplete="family-name" placeholder="Seu sobrenome" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="seu@email.com" {...form.register('email')} />
      </FormField>
      <FormField label="Senha" error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          placeholder="Mínimo de 6 caracteres"
          {...form.register('password')}
        />
      </FormField>
      <FormField label="Confirmar Senha" error={errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          placeholder="Repita a senha"
          {...form.register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={registerUser.isPending}>
        {registerUser.isPending ? 'Criando conta...' : 'Criar Conta'}
      </Button>
    </form>
  );
}
