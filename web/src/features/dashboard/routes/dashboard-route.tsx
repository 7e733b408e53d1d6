import { BookOpen, CalendarDays, Coins, FileText, History, Plus, Sparkles, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useErrorToast } from '@/hooks/use-error-toast';
import { displayName, useCurrentUser } from '@/lib/api/get-current-user';
import { useWriterText } from '@/lib/api/get-geracao';
import { useUserStats } from '../api/get-user-stats';
import { ClassesCoverage } from '../components/classes-coverage';
import { RecentPlans } from '../components/recent-plans';
import { StatCard } from '../components/stat-card';
import { VerifyEmailBanner } from '../components/verify-email-banner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { NEW_TURMA_PATH, PATHS } from '@/lib/paths';

// Honest about who writes the plans: an AI only when one is set up (GET /api/geracao).
const WELCOME_TEXT = {
  openai: 'Crie planos de aula alinhados à BNCC em minutos. Cadastre suas turmas, descreva as aulas e deixe a IA fazer o resto.',
  offline:
    'Crie planos de aula alinhados à BNCC em minutos. Cadastre suas turmas e descreva as aulas: os planos são montados a partir da BNCC, prontos para você revisar e completar.',
  unknown: 'Crie planos de aula alinhados à BNCC em minutos. Cadastre suas turmas e descreva as aulas.',
};
const NEW_PLAN_TEXT = {
  openai: 'Crie um plano de aula com IA',
  offline: 'Monte um plano de aula a partir da BNCC',
  unknown: 'Crie um plano de aula',
};

export function DashboardRoute() {
  useDocumentTitle('Dashboard');
  const { data: user } = useCurrentUser();
  const stats = useUserStats();
  useErrorToast(stats.error, 'Erro de acesso', 'Falha ao carregar estatísticas');
  const loading = stats.isPending;
  const name = displayName(user);
  const quickActions = [
    { to: PATHS.gerarPlanos, label: 'Gerar Novo Plano', text: useWriterText(NEW_PLAN_TEXT), icon: Sparkles },
    { to: NEW_TURMA_PATH, label: 'Cadastrar Turma', text: 'Adicione uma nova turma', icon: Plus },
    { to: PATHS.historico, label: 'Ver Histórico', text: 'Consulte os planos já criados', icon: History },
  ];
  const welcome = useWriterText(WELCOME_TEXT);

  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-2xl bg-gradient-to-r from-indigo-700 to-blue-700 p-6 text-white shadow-md sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">
          {name === 'Usuário' ? 'Bem-vindo(a)!' : `Bem-vindo(a), ${name}!`}
        </h1>
        <p className="mt-2 max-w-2xl text-indigo-50">{welcome}</p>
        <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
          <Coins className="size-4" aria-hidden="true" />
          Créditos disponíveis: {user?.credits ?? 0}
        </p>
      </section>

      {user ? <VerifyEmailBanner user={user} /> : null}

      <section aria-label="Estatísticas" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Turmas Cadastradas" value={stats.data?.turmas} icon={Users} loading={loading} />
        <StatCard label="Planos Gerados" value={stats.data?.planos} icon={FileText} loading={loading} />
        <StatCard label="Aulas Criadas" value={stats.data?.aulas} icon={BookOpen} loading={loading} />
        <StatCard label="Este Mês" value={stats.data?.mesAtual} icon={CalendarDays} loading={loading} />
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-1">
          <CardHeader>
            <CardTitle as="h2">Ações Rápidas</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {quickActions.map(({ to, label, text, icon: Icon }, index) => (
              <Link
                key={to}
                to={to}
                className={buttonClasses(
                  index === 0 ? 'default' : 'outline',
                  'lg',
                  'h-auto justify-start py-3 text-left whitespace-normal',
                )}
              >
                <Icon aria-hidden="true" />
                <span className="flex flex-col">
                  <span className="font-semibold">{label}</span>
                  <span className="text-xs font-normal opacity-90">{text}</span>
                </span>
              </Link>
            ))}
          </CardContent>
        </Card>
        <div className="min-w-0 lg:col-span-2">
          <RecentPlans />
        </div>
      </div>

      <ClassesCoverage />
    </div>
  );
}
