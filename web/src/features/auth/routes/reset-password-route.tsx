import { formResolver } from '@/lib/form-resolver';
import { LIMITS, MSG, resetPasswordFormSchema } from '@planejador/contracts';
import { CheckCircle2, KeyRound, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorText, isHttpError } from '@/lib/http';
import { useResetPassword } from '../api/reset-password';
import { useValidateResetToken } from '../api/validate-reset-token';
import { AuthLayout } from '../components/auth-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PATHS } from '@/lib/paths';

export function ResetPasswordRoute() {
  useDocumentTitle('Redefinir Senha');
  const [params] = useSearchParams();
  const token = params.get('token');
  const validation = useValidateResetToken(token);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);

  let content;
  if (!token) {
    content = <InvalidToken message={MSG.resetTokenMissing} />;
  } else if (successMessage) {
    content = <ResetSuccess message={successMessage} />;
  } else if (validation.isPending) {
    content = (
      <CardContent className="py-10 sm:py-10">
        <Spinner label="Validando token..." showLabel />
      </CardContent>
    );
  } else if (validation.isError) {
    // The api's 4xx says why the token is not valid; a 5xx or no answer is a failed check.
    const error = validation.error;
    const message =
      isHttpError(error) && error.status < 500 ? errorText(error, MSG.resetTokenInvalid) : 'Erro ao validar token';
    content = <InvalidToken message={message} />;
  } else {
    content = <ResetForm token={token} onSuccess={setSuccessMessage} />;
  }

  return (
    <AuthLayout>
      <Card className="w-full max-w-md">{content}</Card>
    </AuthLayout>
  );
}

function InvalidToken({ message }: { message: string }) {
  return (
    <>
      <CardHeader className="items-center text-center">
        <XCircle className="size-12 text-destructive" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Token Inválido</h1>
        <p className="text-muted-foreground">{message}</p>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Link to={PATHS.auth} className={buttonClasses('default', 'default', 'w-full')}>
          Voltar para o Login
        </Link>
      </CardContent>
    </>
  );
}

function ResetSuccess({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(PATHS.auth, { replace: true }), LIMITS.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <>
      <CardHeader className="items-center text-center">
        <CheckCircle2 className="size-12 text-success" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Senha Redefinida!</h1>
        <p className="text-muted-foreground" role="status">
          {message}
        </p>
        <p className="text-sm text-muted-foreground">Você será redirecionado para o login em instantes.</p>
      </CardHeader>
      <CardContent>
        <Link to={PATHS.auth} replace className={buttonClasses('default', 'default', 'w-full')}>
          Ir para Login
        </Link>
      </CardContent>
    </>
  );
}

function ResetForm({ token, onSuccess }: { token: string; onSuccess: (message: string) => void }) {
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: formResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    reset.mutate(
      { token, newPassword: values.password },
      {
        onSuccess: ({ message }) => {
          form.reset();
          onSuccess(message || MSG.resetSuccess);
        },
        onError: (error) => setFailure(errorText(error, 'Erro ao redefinir senha. Tente novamente.')),
      },
    );
  });

  return (
    <>
      <CardHeader className="items-center text-center">
        <KeyRound className="size-10 text-primary" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Redefinir Senha</h1>
        <p className="text-muted-foreground">Escolha uma nova senha para a sua conta.</p>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
          <FormField label="Nova Senha" error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <FormField label="Confirmar Nova Senha" error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          {failure ? (
            <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm font-medium text-destructive">
              {failure}
            </p>
          ) : null}
          <Button type="submit" disabled={reset.isPending} className="w-full">
            {reset.isPending ? 'Redefinindo...' : 'Redefinir Senha'}
          </Button>
        </form>
      </CardContent>
    </>
  );
}
