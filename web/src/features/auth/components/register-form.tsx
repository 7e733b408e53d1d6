import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useRegister } from '../api/register';
import { useAuthForm } from '../forms/use-auth-form';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

export function RegisterForm() {
  const registerUser = useRegister();
  const { form, field, errors } = useAuthForm('register', FIELDS, (values) => registerUser.mutate(values));
  return (
    <form className="flex flex-col gap-4" {...form}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Nome" error={errors.firstName}>
          <Input autoComplete="given-name" placeholder="Seu nome" {...field('firstName')} />
        </FormField>
        <FormField label="Sobrenome" error={errors.lastName}>
          <Input autoComplete="family-name" placeholder="Seu sobrenome" {...field('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" error={errors.email}>
        <Input type="email" autoComplete="email" placeholder="seu@email.com" {...field('email')} />
      </FormField>
      <FormField label="Senha" error={errors.password}>
        <Input
          type="password"
          autoComplete="new-password"
          placeholder="Mínimo de 6 caracteres"
          {...field('password')}
        />
      </FormField>
      <FormField label="Confirmar Senha" error={errors.confirmPassword}>
        <Input
          type="password"
          autoComplete="new-password"
          placeholder="Repita a senha"
          {...field('confirmPassword')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={registerUser.isPending}>
        {registerUser.isPending ? 'Criando conta...' : 'Criar Conta'}
      </Button>
    </form>
  );
}
