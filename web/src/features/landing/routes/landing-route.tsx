import { CURRICULUM_CREDIT, CURRICULUM_CREDIT_URL, SUPPORT_EMAIL } from '@planejador/contracts';
import {
  ArrowRight,
  BookOpen,
  CheckCircle2,
  ClipboardList,
  Clock,
  FileDown,
  FileText,
  History,
  Layers,
  PencilLine,
  School,
  ShieldCheck,
  Sparkles,
  Target,
  Timer,
} from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { useAiWrites } from '@/lib/api/get-geracao';
import { AUTH_TAB_REGISTER, PATHS } from '@/lib/paths';
import { PlanPreview } from '../components/plan-preview';
import { useDocumentTitle } from '@/hooks/use-document-title';

// The texts that would promise an AI come in two versions: with an AI (the api says 'openai'), and without one
// (offline, or not known yet), when the plans are drafted from the BNCC data alone (GET /api/geracao).
const highlights = (ai: boolean) => [
  { value: '3 min', label: 'tempo médio de criação' },
  { value: '< 2 min', label: ai ? 'para a IA gerar o plano' : 'para montar o plano a partir da BNCC' },
  { value: '100%', label: 'alinhado à BNCC' },
];

const REASONS = [
  { icon: Timer, title: 'Geração em menos de 2 minutos', text: 'Descreva as aulas e receba o plano completo enquanto toma um café.' },
  { icon: Target, title: '100% alinhado à BNCC', text: 'Cada aula traz habilidades com o código oficial da Base Nacional Comum Curricular.' },
  { icon: Layers, title: 'Toda a BNCC', text: 'Da creche ao Ensino Médio, de Matemática a Computação.' },
  { icon: PencilLine, title: 'Edição completa', text: 'Revise e ajuste cada campo do plano antes de salvar.' },
  { icon: History, title: 'Histórico de todos os planos', text: 'Encontre, filtre e reaproveite tudo o que você já criou.' },
  { icon: FileDown, title: 'Exportação para Word', text: 'Baixe o plano em .docx pronto para imprimir ou entregar.' },
];

const rsReasons = (ai: boolean) => [
  { icon: ShieldCheck, title: 'Modelo oficial', text: 'Planos no formato do modelo SEDUC-RS 2025, com os cinco campos de cada aula.' },
  ai
    ? { icon: Sparkles, title: 'Personalização total', text: 'A IA considera o ano, a escola e as características de cada turma.' }
    : { icon: Sparkles, title: 'Feito para cada turma', text: 'O plano parte das habilidades da BNCC para o ano e a matéria de cada turma.' },
  { icon: Clock, title: 'Tempo economizado', text: 'Horas de planejamento viram minutos — sobra tempo para o que importa: ensinar.' },
];

const steps = (ai: boolean) => [
  { icon: School, title: 'Cadastre sua turma', text: 'Informe o ano, a escola e as características da turma.' },
  { icon: ClipboardList, title: 'Descreva as aulas', text: 'Escreva em poucas palavras o que quer trabalhar em cada aula (até 15).' },
  {
    icon: FileText,
    title: 'Receba o plano pronto',
    text: ai
      ? 'A IA preenche habilidades, objetivos, objetos, experiências e evidências.'
      : 'O plano vem preenchido a partir da BNCC: habilidades, objetivos, objetos, experiências e evidências.',
  },
];

const FEATURES = [
  'Habilidades da BNCC com código oficial',
  'Modelo SEDUC-RS 2025',
  'Até 15 aulas por plano',
  'Consulta à matriz curricular por turma e matéria',
  'Edição de todos os campos do plano',
  'Exportação para Word (.docx)',
  'Histórico com filtros por turma e status',
  'Tema claro e escuro',
];

function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

export function LandingRoute() {
  useDocumentTitle();
  const { data: user } = useCurrentUser();
  const ai = useAiWrites();
  const signedIn = Boolean(user);
  // The header's button signs in; the calls to action sign up (the Cadastrar tab).
  const signInTarget = signedIn ? PATHS.dashboard : PATHS.auth;
  const ctaTarget = signedIn ? PATHS.dashboard : `${PATHS.auth}?tab=${AUTH_TAB_REGISTER}`;

  return (
    <div className="min-h-screen bg-background">
      <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <Link to={PATHS.landing} className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <Logo short className="text-lg" />
          </Link>
          <div className="flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            <Link to={signInTarget} className={buttonClasses('default', 'sm')}>
              {signedIn ? 'Entrar' : 'Fazer Login'}
            </Link>
          </div>
        </div>
      </header>

      <main>
        <section className="relative overflow-hidden border-b bg-gradient-to-b from-secondary to-background">
          <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
            <Badge variant="warning" className="px-3 py-1 text-sm">
              <Sparkles className="size-4" aria-hidden="true" />
              Plataforma em fase de testes
            </Badge>
            <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
              {ai ? (
                <>
                  Planos de aula com IA, <span className="text-primary">alinhados à BNCC</span>, em minutos
                </>
              ) : (
                <>
                  Planos de aula <span className="text-primary">a partir da BNCC</span>, em minutos
                </>
              )}
            </h1>
            <p className="max-w-2xl text-lg text-muted-foreground">
              Cadastre suas turmas, descreva as aulas e receba um plano completo no modelo da SEDUC-RS 2025 — pronto
              para revisar, editar e exportar para o Word.
            </p>
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Link to={ctaTarget} className={buttonClasses('default', 'lg', 'w-full sm:w-auto')}>
                {signedIn ? 'Ir ao Dashboard' : 'Teste Agora - É Grátis'}
                <ArrowRight aria-hidden="true" />
              </Link>
              <Button variant="outline" size="lg" onClick={() => scrollToSection('por-que-escolher')}>
                Por que escolher?
              </Button>
              <Button variant="outline" size="lg" onClick={() => scrollToSection('como-funciona')}>
                Como funciona
              </Button>
            </div>
            <ul className="mt-6 grid w-full max-w-3xl grid-cols-1 gap-4 sm:grid-cols-3">
              {highlights(ai).map(({ value, label }) => (
                <li key={label} className="rounded-xl border bg-card p-4 shadow-sm">
                  <p className="text-3xl font-bold text-primary">{value}</p>
                  <p className="text-sm text-muted-foreground">{label}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="por-que-escolher" className="scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20">
          <div className="mx-auto max-w-6xl">
            <SectionHeading
              title="Por que escolher o Planejador?"
              subtitle="Tudo o que você precisa para planejar melhor, em um só lugar."
            />
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {REASONS.map(({ icon: Icon, title, text }) => (
                <Card key={title}>
                  <CardHeader>
                    <div className="mb-2 flex size-11 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                      <Icon className="size-5" aria-hidden="true" />
                    </div>
                    <CardTitle>{title}</CardTitle>
                  </CardHeader>
                  <CardContent className="text-muted-foreground">{text}</CardContent>
                </Card>
              ))}
            </div>
          </div>
        </section>

        <section className="border-y bg-card px-4 py-16 sm:px-6 sm:py-20">
          <div className="mx-auto max-w-6xl">
            <SectionHeading
              title="Por que professores do RS escolhem o Planejador"
              subtitle="Feito para a realidade das escolas gaúchas."
            />
            <div className="grid gap-6 md:grid-cols-3">
              {rsReasons(ai).map(({ icon: Icon, title, text }) => (
                <div key={title} className="flex flex-col items-center gap-3 text-center">
                  <div className="flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
                    <Icon className="size-7" aria-hidden="true" />
                  </div>
                  <h3 className="text-lg font-semibold">{title}</h3>
                  <p className="text-muted-foreground">{text}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section id="como-funciona" className="scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20">
          <div className="mx-auto max-w-6xl">
            <SectionHeading title="Como funciona" subtitle="Três passos entre a ideia e o plano pronto." />
            <ol className="grid gap-4 md:grid-cols-3">
              {steps(ai).map(({ icon: Icon, title, text }, index) => (
                <li key={title}>
                  <Card className="h-full">
                    <CardHeader>
                      <div className="flex items-center gap-3">
                        <span className="flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground">
                          {index + 1}
                        </span>
                        <Icon className="size-6 text-primary" aria-hidden="true" />
                      </div>
                      <CardTitle className="mt-2">{title}</CardTitle>
                    </CardHeader>
                    <CardContent className="text-muted-foreground">{text}</CardContent>
                  </Card>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="border-y bg-card px-4 py-16 sm:px-6 sm:py-20">
          <div className="mx-auto max-w-4xl">
            <SectionHeading title="Tudo o que você precisa" subtitle="Recursos pensados para o dia a dia do professor." />
            <ul className="grid gap-3 sm:grid-cols-2">
              {FEATURES.map((feature) => (
                <li key={feature} className="flex items-start gap-3 rounded-lg border bg-background p-4">
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="px-4 py-16 sm:px-6 sm:py-20">
          <div className="mx-auto grid max-w-6xl items-center gap-8 lg:grid-cols-2">
            <div className="order-2 lg:order-1">
              <div className="flex items-center gap-2 text-primary">
                <BookOpen className="size-5" aria-hidden="true" />
                <span className="text-sm font-semibold uppercase tracking-wide">Modelo SEDUC-RS 2025</span>
              </div>
              <h2 className="mt-2 text-3xl font-bold tracking-tight">O plano no formato que a sua escola pede</h2>
              <p className="mt-3 text-muted-foreground">
                Cabeçalho com escola, turma, ano, professor, componente e tema; e, para cada aula, os cinco campos do
                modelo oficial: habilidades, objetivos de aprendizagem, objetos de conhecimento, experiências e
                evidências de aprendizagem.
              </p>
            </div>
            <div className="order-1 rounded-2xl bg-gradient-to-br from-secondary to-accent p-6 sm:p-10 lg:order-2">
              <PlanPreview />
            </div>
          </div>
        </section>

        <section className="px-4 pb-20 sm:px-6">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg">
            <h2 className="text-3xl font-bold tracking-tight">Pronto para planejar em minutos?</h2>
            <p className="max-w-xl opacity-95">Crie sua conta gratuita e gere o seu primeiro plano de aula hoje.</p>
            <Link
              to={ctaTarget}
              className={buttonClasses(
                'secondary',
                'lg',
                'bg-card text-foreground hover:bg-muted focus-visible:ring-primary-foreground',
              )}
            >
              Comece agora - É grátis
              <ArrowRight aria-hidden="true" />
            </Link>
          </div>
        </section>
      </main>

      <footer className="border-t bg-card px-4 py-8 sm:px-6">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 text-sm text-muted-foreground md:flex-row md:items-center md:justify-between">
          <Logo short className="text-base text-foreground" />
          <p>
            Suporte:{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-primary underline-offset-4 hover:underline">
              {SUPPORT_EMAIL}
            </a>
          </p>
          <p>
            Dados curriculares:{' '}
            <a
              href={CURRICULUM_CREDIT_URL}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {CURRICULUM_CREDIT}
            </a>{' '}
            (CC BY 4.0)
          </p>
          <p>© {new Date().getFullYear()} Planejador</p>
        </div>
      </footer>
    </div>
  );
}

function SectionHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="mb-10 text-center">
      <h2 className="text-3xl font-bold tracking-tight">{title}</h2>
      <p className="mt-2 text-muted-foreground">{subtitle}</p>
    </div>
  );
}
