import type { Plano } from '@planejador/contracts';
import { LIMITS } from '@planejador/contracts';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PlanStatusBadge } from '@/components/plan-status-badge';

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
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Informações Gerais</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2.5">
          <Entry term="Turma">{plano.turma?.numero ?? '—'}</Entry>
          <Entry term="Escola">{plano.turma?.escola ?? '—'}</Entry>
          <Entry term="Ano">{plano.turma?.ano ? `${plano.turma.ano}º Ano` : '—'}</Entry>
          <Entry term="Status">
            <PlanStatusBadge status={plano.status} />
          </Entry>
          <Entry term="Tema Principal">{plano.temaPrincipal}</Entry>
        </dl>
      </CardContent>
    </Card>
  );
}

/** 'Configurações Utilizadas': the three generation settings, read-only. */
export function PlanSettingsCard({ plano }: { plano: Plano }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Configurações Utilizadas</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2.5">
          <Entry term="Limitar a uma habilidade por aula">{yesNo(plano.limitOneSkill)}</Entry>
          <Entry term="Preferir matriz SEDUC-RS">{plano.preferirSeduc ? 'Sim (matriz do RS ainda não carregada: só BNCC)' : 'Não'}</Entry>
          <Entry term="Nível de detalhamento">
            {plano.nivelDetalhamento} de {LIMITS.nivelMax}
          </Entry>
        </dl>
      </CardContent>
    </Card>
  );
}
