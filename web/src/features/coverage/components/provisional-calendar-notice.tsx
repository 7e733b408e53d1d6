import { periodoTipoPlural } from '@planejador/contracts';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { anoAtual, useCalendario } from '@/lib/api/calendario';
import { PATHS } from '@/lib/paths';

/**
 * While this year's period dates are provisional (no calendar of hers, none shipped for the network), the coverage
 * by trimestre may put plans in the wrong one: the page asks her to confirm the dates in Configurações.
 */
export function ProvisionalCalendarNotice() {
  const ano = anoAtual();
  const { data } = useCalendario(ano);
  if (data?.fonte !== 'provisorio') return null;
  return (
    <div role="status" className="flex gap-3 rounded-xl border border-warning/40 bg-warning-soft p-4 text-sm text-foreground">
      <CalendarClock className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
      <p>
        As datas dos {periodoTipoPlural(data.tipo)} de {ano} são provisórias, e os planos são distribuídos nos {periodoTipoPlural(data.tipo)} por elas.{' '}
        <Link to={PATHS.configuracoes} className="font-medium text-primary underline underline-offset-2">
          Confirme as datas do calendário escolar em Configurações
        </Link>
        .
      </p>
    </div>
  );
}
