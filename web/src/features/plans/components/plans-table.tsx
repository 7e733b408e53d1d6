import { etapaWords, materiaLabel, type Etapa, type PlanoListItem } from '@planejador/contracts';
import { formatDate } from '@/lib/format';
import { aulasText } from '../utils/plan-status';
import { PlanRowActions } from './plan-row-actions';
import { PlanStatusBadge } from '@/components/plan-status-badge';

interface PlansTableProps {
  planos: PlanoListItem[];
  exportingId: string | null;
  onExport: (plano: PlanoListItem) => void;
  onDelete: (plano: PlanoListItem) => void;
  /** The stage of each plan's class (by turmaId), when known: the subject column speaks its words. */
  etapas?: ReadonlyMap<string, Etapa>;
}

/**
 * The subject column's name: the stage's word when every listed plan is of one stage ("Campo de experiência"),
 * else both kinds ("Matéria ou campo").
 */
export function materiaColumnLabel(planos: readonly PlanoListItem[], etapas?: ReadonlyMap<string, Etapa>): string {
  const labels = new Set(planos.map((p) => etapaWords(etapas?.get(p.turmaId)).materiaCurta));
  return labels.size === 1 ? [...labels][0] : labels.has('Campo de experiência') ? 'Matéria ou campo' : 'Matéria ou área';
}

/** A table from the medium breakpoint up; cards below it (phones). */
export function PlansTable({ planos, exportingId, onExport, onDelete, etapas }: PlansTableProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border bg-card shadow-sm md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Planos de aula</caption>
          <thead className="border-b bg-muted/50 text-left text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">Data</th>
              <th scope="col" className="px-4 py-3 font-medium">Turma</th>
              <th scope="col" className="px-4 py-3 font-medium">{materiaColumnLabel(planos, etapas)}</th>
              <th scope="col" className="px-4 py-3 font-medium">Tema Principal</th>
              <th scope="col" className="px-4 py-3 font-medium">Aulas</th>
              <th scope="col" className="px-4 py-3 font-medium">Status</th>
              <th scope="col" className="px-4 py-3 text-right font-medium">Ações</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {planos.map((plano) => (
              <tr key={plano.id} className="hover:bg-muted/40">
                <td className="whitespace-nowrap px-4 py-3">{formatDate(plano.createdAt)}</td>
                <td className="whitespace-nowrap px-4 py-3 font-medium">{plano.turma?.numero ?? '—'}</td>
                <td className="whitespace-nowrap px-4 py-3">{materiaLabel(plano.materiaGeral)}</td>
                <td className="max-w-xs px-4 py-3 lg:max-w-sm">
                  <span className="block truncate" title={plano.temaPrincipal}>
                    {plano.temaPrincipal}
                  </span>
                </td>
                <td className="whitespace-nowrap px-4 py-3">{aulasText(plano.aulas.length)}</td>
                <td className="px-4 py-3">
                  <PlanStatusBadge status={plano.status} generation={plano.generation} />
                </td>
                <td className="px-4 py-2">
                  <PlanRowActions
                    plano={plano}
                    exporting={exportingId === plano.id}
                    onExport={onExport}
                    onDelete={onDelete}
                    className="justify-end"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Planos de aula">
        {planos.map((plano) => (
          <li key={plano.id} className="rounded-xl border bg-card p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium break-words">{plano.temaPrincipal}</p>
              <PlanStatusBadge status={plano.status} generation={plano.generation} />
            </div>
            <p className="mt-1 text-sm text-muted-foreground">
              Turma {plano.turma?.numero ?? '—'} · {materiaLabel(plano.materiaGeral)} · {formatDate(plano.createdAt)} ·{' '}
              {aulasText(plano.aulas.length)}
            </p>
            <PlanRowActions
              plano={plano}
              exporting={exportingId === plano.id}
              onExport={onExport}
              onDelete={onDelete}
              className="-mb-1 mt-2 justify-end border-t pt-2"
            />
          </li>
        ))}
      </ul>
    </>
  );
}
