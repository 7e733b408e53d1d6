import { CheckCircle2 } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

const POINTS = ['Planos alinhados à BNCC', 'Gestão de turmas', 'Exportação para Word'];

export function AuthRoute() {
  useDocumentTitle('Entrar');
  return (
    <AuthLayout>
      <div className="grid w-full max-w-5xl items-center gap-8 lg:grid-cols-2 lg:gap-12">
        <section className="flex flex-col gap-5" aria-labelledby="auth-heading">
          <h1 id="auth-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Bem-vindo ao <span className="text-primary">Planejador</span>
          </h1>
          <p className="text-lg text-muted-foreground">
            Crie planos de aula personalizados com inteligência artificial, alinhados à BNCC.
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
            <Tabs defaultValue="entrar">
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="entrar">Entrar</TabsTrigger>
                <TabsTrigger value="cadastrar">Cadastrar</TabsTrigger>
              </TabsList>
              <TabsContent value="entrar">
                <LoginForm />
              </TabsContent>
              <TabsContent value="cadastrar">
                <RegisterForm />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
    </AuthLayout>
  );
}
