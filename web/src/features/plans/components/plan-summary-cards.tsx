import type { Plano } from '@planejador/contracts';
import { anoLabel, etapaDef, etapaOf, etapaWords, LIMITS, materiasHeader } from '@planejador/contracts';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PlanStatusBadge } from '@/components/plan-status-badge';
import { useMatrizInfo } from '@/lib/api/get-matriz-info';

function Entry({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
      <dt className="min-w-0 text-sm text-muted-foreground">{term}</dt>
      {/* shrink-0: short values ('Sim') never break; long ones wrap within 60% of the row. */}
      <dd className="text-sm font-medium break-words sm:max-w-[60%] sm:shrink-0 sm:text-right">{children}</dd>
    </div>
  );
}

const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');

/** 'Informações Gerais': read-only facts about the class and the plan. */
export function PlanInfoCard({ plano }: { plano: Plano }) {
  // In the class's stage's words: "Grupo etário", "Campos de experiência" (all the subjects of a plan that mixes them).
  const etapa = etapaOf(plano.turma?.etapa);
  const [materiaTerm, materias] = materiasHeader(etapa, plano.materiaGeral, plano.aulas.map((a) => a.materia));
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Informações Gerais</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2.5">
          <Entry term="Turma">{plano.turma?.numero ?? '—'}</Entry>
          <Entry term="Escola">{plano.turma?.escola ?? '—'}</Entry>
          <Entry term={etapaDef(etapa).anoNoun}>{plano.turma?.ano ? anoLabel(plano.turma.ano, plano.turma.etapa) : '—'}</Entry>
          <Entry term={materiaTerm}>{materias}</Entry>
          <Entry term="Status">
            <PlanStatusBadge status={plano.status} />
          </Entry>
          <Entry term="Tema Principal">{plano.temaPrincipal}</Entry>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * "Preferir matriz SEDUC-RS" as it worked: 'Sim' only when the plan asked for it and RS matrix items exist for its
 * year and subject; asked for without them (plans made before the form said so), only the BNCC was used.
 */
function PreferirSeducEntry({ plano }: { plano: Plano }) {
  const info = useMatrizInfo(plano.turmaId, plano.materiaGeral, { enabled: plano.preferirSeduc });
  let text = 'Não';
  if (plano.preferirSeduc && info.isPending) text = 'Verificando...';
  else if (plano.preferirSeduc && info.isError) text = 'Sim (não foi possível verificar se a matriz do RS está carregada)';
  else if (plano.preferirSeduc) text = info.data?.rsLoaded ? 'Sim' : 'Não (a matriz do RS não está carregada: só BNCC)';
  return <Entry term="Preferir matriz SEDUC-RS">{text}</Entry>;
}

/** "Limitar a uma habilidade por aula" ("a um objetivo" in infantil). */
const limitOneLabel = (plano: Plano) => {
  const words = etapaWords(plano.turma?.etapa);
  return `Limitar a ${words.habilidadesArtigo === 'os' ? 'um' : 'uma'} ${words.habilidade} por aula`;
};

/** 'Configurações Utilizadas': the three generation settings, read-only. */
export function PlanSettingsCard({ plano }: { plano: Plano }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Configurações Utilizadas</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2.5">
          <Entry term={limitOneLabel(plano)}>{yesNo(plano.limitOneSkill)}</Entry>
          <PreferirSeducEntry plano={plano} />
          <Entry term="Nível de detalhamento">
            {plano.nivelDetalhamento} de {LIMITS.nivelMax}
          </Entry>
        </dl>
      </CardContent>
    </Card>
  );
}
