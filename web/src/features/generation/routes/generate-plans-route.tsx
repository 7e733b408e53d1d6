import type { GenerateFormInput, Plano } from '@planejador/contracts';
import { GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useErrorToast } from '@/hooks/use-error-toast';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { useTurmas } from '@/lib/api/get-turmas';
import { GenerateForm } from '../components/generate-form';
import { CreditsLine, InsufficientCreditsCard, NoTurmasCard } from '../components/generation-notices';
import { PlanProgress } from '../components/plan-progress';
import { useGenerationTutorial } from '../hooks/use-generation-tutorial';

/** The query parameter that keeps the plan being generated in the URL, so a reload resumes its progress. */
const PLAN_PARAM = 'plano';

/** The form values of a plan, for 'Tentar Novamente' after a failure. */
function formValuesOf(plano: Plano): GenerateFormInput {
  return {
    temaPrincipal: plano.temaPrincipal,
    turmaId: plano.turmaId,
    materiaGeral: plano.materiaGeral,
    limitOneSkill: plano.limitOneSkill,
    preferirSeduc: plano.preferirSeduc,
    nivelDetalhamento: plano.nivelDetalhamento,
    aulas: [...plano.aulas].sort((a, b) => a.numeroAula - b.numeroAula).map((aula) => ({ prompt: aula.prompt })),
  };
}

export function GeneratePlansRoute() {
  useDocumentTitle('Gerar Planos');
  const [params, setParams] = useSearchParams();
  const planId = params.get(PLAN_PARAM);
  const { data: user } = useCurrentUser();
  const turmas = useTurmas();
  useErrorToast(turmas.error, 'Erro de acesso', 'Falha ao carregar turmas');
  // Form values to start from (a retry), and a version that remounts the form with them.
  const [draft, setDraft] = useState<{ values?: GenerateFormInput; version: number }>({ version: 0 });
  const showForm = !planId;
  const tutorial = useGenerationTutorial({ autoStart: showForm && Boolean(user) && !turmas.isPending });
  const credits = user?.credits ?? 0;

  const backToForm = (values?: GenerateFormInput) => {
    setDraft((current) => ({ values, version: current.version + 1 }));
    setParams({});
  };

  return (
    <>
      <PageHeader
        title="Gerar Planos de Aula"
        description="Descreva as aulas e a IA escreve um plano alinhado à BNCC e ao modelo SEDUC-RS 2025."
        actions={
          showForm ? (
            <Button variant="outline" onClick={tutorial.start}>
              <GraduationCap aria-hidden="true" />
              Tutorial
            </Button>
          ) : null
        }
      />
      {planId ? (
        <PlanProgress planId={planId} onRetry={(plano) => backToForm(formValuesOf(plano))} onBack={() => backToForm()} />
      ) : (
        <>
          <CreditsLine credits={credits} />
          {credits <= 0 ? <InsufficientCreditsCard /> : null}
          {turmas.isSuccess && turmas.data.length === 0 ? <NoTurmasCard /> : null}
          {turmas.isPending ? (
            <PageSpinner />
          ) : (
            <GenerateForm
              key={draft.version}
              turmas={turmas.data ?? []}
              credits={credits}
              defaultValues={draft.values}
              onStarted={(id) => setParams({ [PLAN_PARAM]: id })}
            />
          )}
        </>
      )}
    </>
  );
}
