import { CheckCircle2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAiWrites } from '@/lib/api/get-geracao';
import { AUTH_TAB_REGISTER } from '@/lib/paths';

const POINTS = ['Planos alinhados à BNCC', 'Gestão de turmas', 'Exportação para Word'];

const SIGN_IN = 'entrar';

export function AuthRoute() {
  // ?tab=cadastrar opens the Cadastrar tab (the landing page's calls to action); the URL follows the tab chosen.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === AUTH_TAB_REGISTER ? AUTH_TAB_REGISTER : SIGN_IN;
  const selectTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === AUTH_TAB_REGISTER) next.set('tab', value);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );
  useDocumentTitle(tab === AUTH_TAB_REGISTER ? 'Cadastrar' : 'Entrar');
  // An AI only when the api says one writes the plans (GET /api/geracao); offline or unknown, none is promised.
  const ai = useAiWrites();
  return (
    <AuthLayout>
      <div className="grid w-full max-w-5xl items-center gap-8 lg:grid-cols-2 lg:gap-12">
        <section className="flex flex-col gap-5" aria-labelledby="auth-heading">
          <h1 id="auth-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Bem-vindo ao <span className="text-primary">Planejador</span>
          </h1>
          <p className="text-lg text-muted-foreground">
            {ai
              ? 'Crie planos de aula personalizados com inteligência artificial, alinhados à BNCC.'
              : 'Crie planos de aula personalizados a partir da BNCC.'}
          </p>
          <ul className="flex flex-col gap-3">
            {POINTS.map((point) => (
              <li key={point} className="flex items-center gap-3">
                <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden="true" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </section>
        <Card className="w-full">
          <CardHeader>
            <h2 className="text-xl font-semibold">Acesse sua conta</h2>
            <p className="text-sm text-muted-foreground">Entre ou crie uma conta gratuita para começar.</p>
          </CardHeader>
          <CardContent>
            <Tabs value={tab} onValueChange={selectTab}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value={SIGN_IN}>Entrar</TabsTrigger>
                <TabsTrigger value={AUTH_TAB_REGISTER}>Cadastrar</TabsTrigger>
              </TabsList>
              <TabsContent value={SIGN_IN}>
                <LoginForm />
              </TabsContent>
              <TabsContent value={AUTH_TAB_REGISTER}>
                <RegisterForm />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
    </AuthLayout>
  );
}
