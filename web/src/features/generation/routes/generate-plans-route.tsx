import { BNCC_CODE_PATTERN, LIMITS, materiaSchema, periodoSchema, trimestreSchema, type GenerateFormInput, type Plano, type Turma } from '@planejador/contracts';
import { useWriterText } from '@/lib/api/get-geracao';
import { useQueries } from '@tanstack/react-query';
import { habilidadesQueryOptions } from '@/lib/api/search-habilidades';
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
    // A period the teacher chose stays hers; a derived one follows the calendar again.
    ...(plano.periodoEscolhido ? { periodo: plano.periodo } : {}),
    dataInicio: plano.dataInicio,
    dataFim: plano.dataFim,
    duracaoAulaMin: plano.duracaoAulaMin,
    aulas: [...plano.aulas]
      .sort((a, b) => a.numeroAula - b.numeroAula)
      .map((aula) => ({ prompt: aula.prompt, habilidadesFixadas: aula.habilidadesFixadas })),
  };
}

/**
 * "Planejar estas habilidades" (the class's coverage page): /gerar-planos?turma=&materia=&habilidades=EF05MA03,…
 * (and &periodo= when the page showed one; &trimestre= from older links) opens the form with the class and subject chosen and one lesson per skill,
 * each pinned, its text as a start.
 */
function usePlanningPrefill(params: URLSearchParams, turmas: Turma[] | undefined): { ready: boolean; values?: GenerateFormInput } {
  const turmaId = params.get('turma') ?? '';
  const materia = params.get('materia') ?? '';
  const codes = (params.get('habilidades') ?? '')
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter((c) => BNCC_CODE_PATTERN.test(c))
    .slice(0, LIMITS.aulasMax);
  const turma = turmas?.find((t) => t.id === turmaId);
  const valid = Boolean(turma && materiaSchema.safeParse(materia).success && codes.length);
  const skills = useQueries({
    queries: codes.map((code) => ({
      ...habilidadesQueryOptions({ ano: turma?.ano ?? '', materia, q: code, limit: 1 }),
      enabled: valid,
    })),
  });
  if (!valid) return { ready: true };
  if (skills.some((q) => q.isPending)) return { ready: false };
  return {
    ready: true,
    values: {
      temaPrincipal: '',
      turmaId,
      materiaGeral: materia as GenerateFormInput['materiaGeral'],
      limitOneSkill: true,
      preferirSeduc: true,
      nivelDetalhamento: LIMITS.nivelDefault,
      trimestre: trimestreSchema.safeParse(params.get('trimestre')).data,
      periodo: periodoSchema.safeParse(params.get('periodo')).data,
      dataInicio: null,
      dataFim: null,
      duracaoAulaMin: null,
      aulas: codes.map((code, i) => {
        const skill = skills[i].data?.find((s) => s.code === code);
        return { prompt: skill ? `${code}: ${skill.description}` : code, habilidadesFixadas: [code] };
      }),
    },
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
  const prefill = usePlanningPrefill(params, turmas.data);
  // The tour speaks the teacher's stage when all her classes are of one (a pré-escola teacher reads "campo de experiência").
  const etapas = new Set((turmas.data ?? []).map((t) => t.etapa));
  const tutorial = useGenerationTutorial({ autoStart: showForm && Boolean(user) && !turmas.isPending, etapa: etapas.size === 1 ? [...etapas][0] : undefined });
  const credits = user?.credits ?? 0;
  const pageDescription = useWriterText({
    openai: 'Descreva as aulas e a IA escreve um plano alinhado à BNCC e ao modelo SEDUC-RS 2025.',
    offline: 'Descreva as aulas e o plano é redigido a partir dos dados da BNCC (modo offline, sem IA), no modelo SEDUC-RS 2025.',
    unknown: 'Descreva as aulas e receba um plano alinhado à BNCC e ao modelo SEDUC-RS 2025.',
  });

  const backToForm = (values?: GenerateFormInput) => {
    setDraft((current) => ({ values, version: current.version + 1 }));
    setParams({});
  };

  return (
    <>
      <PageHeader
        title="Gerar Planos de Aula"
        description={pageDescription}
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
          {turmas.isPending || !prefill.ready || !user ? (
            <PageSpinner />
          ) : (
            <GenerateForm
              key={draft.version}
              userId={user.id}
              turmas={turmas.data ?? []}
              credits={credits}
              defaultValues={draft.values ?? prefill.values}
              onStarted={(id) => setParams({ [PLAN_PARAM]: id })}
            />
          )}
        </>
      )}
    </>
  );
}
