import { MSG } from '@planejador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, MailCheck, MailWarning } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ResendVerificationButton } from '@/components/resend-verification-button';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { errorText, isHttpError } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';
import { useVerifyEmail } from '../api/verify-email';
import { AuthLayout } from '../components/auth-layout';
import { PATHS } from '@/lib/paths';

/**
 * /verificar-email?token=...: confirms the address once, when the person presses the button (never on load: mail
 * scanners open links); says so, or why not and how to get a new link.
 */
export function VerifyEmailRoute() {
  useDocumentTitle('Confirmar E-mail');
  const [params] = useSearchParams();
  const token = params.get('token');
  const verification = useVerifyEmail();
  const currentUser = useCurrentUser();
  const queryClient = useQueryClient();

  useEffect(() => {
    // The user (emailVerificado) changed on the server.
    if (verification.isSuccess) void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  }, [verification.isSuccess, queryClient]);

  const spinner = (
    <CardContent className="py-10 sm:py-10">
      <Spinner label="Confirmando seu e-mail..." showLabel />
    </CardContent>
  );
  let content;
  if (token && verification.isIdle) {
    content = <ConfirmButton onConfirm={() => verification.mutate(token)} />;
  } else if (token && verification.isPending) {
    content = spinner;
  } else if (token && verification.isSuccess) {
    content = <Verified message={verification.data.message || MSG.verifyEmailSuccess} />;
  } else if (currentUser.isPending || (currentUser.isFetching && !currentUser.isFetchedAfterMount)) {
    // Who is signed in, as the server has it now, decides what the page says (below).
    content = spinner;
  } else if (currentUser.data?.emailVerificado) {
    // A link used before, or another one: the server answers it as any invalid link, but this user's address is
    // confirmed, and that is what they need to know.
    content = <Verified message={MSG.verifyEmailAlready} />;
  } else {
    const error = verification.error;
    const message =
      !token || (isHttpError(error) && error.status < 500)
        ? errorText(error, MSG.verifyEmailTokenInvalid)
        : 'Não foi possível confirmar agora. Tente abrir o link novamente em instantes.';
    content = <NotVerified message={message} />;
  }

  return (
    <AuthLayout>
      <Card className="w-full max-w-md">{content}</Card>
    </AuthLayout>
  );
}

function ConfirmButton({ onConfirm }: { onConfirm: () => void }) {
  return (
    <>
      <CardHeader className="items-center text-center">
        <MailCheck className="size-12 text-primary" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Confirme seu e-mail</h1>
        <p className="text-muted-foreground">Para confirmar que este endereço é seu, clique no botão abaixo.</p>
      </CardHeader>
      <CardContent>
        <Button type="button" className="w-full" onClick={onConfirm}>
          Confirmar e-mail
        </Button>
      </CardContent>
    </>
  );
}

function Verified({ message }: { message: string }) {
  const { data: user } = useCurrentUser();
  return (
    <>
      <CardHeader className="items-center text-center">
        <CheckCircle2 className="size-12 text-success" aria-hidden="true" />
        <h1 className="text-2xl font-bold">E-mail confirmado!</h1>
        <p className="text-muted-foreground" role="status">
          {message}
        </p>
      </CardHeader>
      <CardContent>
        <Link to={user ? PATHS.dashboard : PATHS.auth} replace className={buttonClasses('default', 'default', 'w-full')}>
          {user ? 'Ir para o Dashboard' : 'Ir para Login'}
        </Link>
      </CardContent>
    </>
  );
}

function NotVerified({ message }: { message: string }) {
  const { data: user } = useCurrentUser();
  return (
    <>
      <CardHeader className="items-center text-center">
        <MailWarning className="size-12 text-destructive" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Link inválido ou expirado</h1>
        <p className="text-muted-foreground" role="alert">
          {message}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {user && !user.emailVerificado ? (
          <ResendVerificationButton />
        ) : user ? (
          <Link to={PATHS.dashboard} replace className={buttonClasses('default', 'default', 'w-full')}>
            Ir para o Dashboard
          </Link>
        ) : (
          <>
            <p className="text-center text-sm text-muted-foreground">Entre na sua conta para pedir um novo link.</p>
            <Link to={PATHS.auth} className={buttonClasses('default', 'default', 'w-full')}>
              Voltar para o Login
            </Link>
          </>
        )}
      </CardContent>
    </>
  );
}
