import { periodoTipoTitulo, PLAN_STATUSES, PLAN_STATUS_LABELS, type PeriodoTipo, type PlanStatus } from '@planejador/contracts';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TrimestreSelect } from '@/components/trimestre-select';
import { anoAtual } from '@/lib/api/calendario';

export const ALL_TURMAS = 'todas';
export const ALL_STATUSES = 'todos';
export const ALL_TRIMESTRES = 'todos';

export type StatusFilter = PlanStatus | typeof ALL_STATUSES;

interface HistoryFiltersProps {
  /** Class numbers to choose from. */
  turmaNumeros: string[];
  turma: string;
  status: StatusFilter;
  onTurmaChange: (turma: string) => void;
  onStatusChange: (status: StatusFilter) => void;
  /** The period filter (a number of this year's kind, or 'all'). */
  trimestre: string;
  tipo?: PeriodoTipo;
  onTrimestreChange: (trimestre: string) => void;
}

export function HistoryFilters({ turmaNumeros, turma, status, onTurmaChange, onStatusChange, trimestre, tipo = 'trimestre', onTrimestreChange }: HistoryFiltersProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-3 lg:max-w-3xl">
      <div className="flex flex-col gap-2">
        <Label htmlFor="filtro-turma">Turma</Label>
        <Select value={turma} onValueChange={onTurmaChange}>
          <SelectTrigger id="filtro-turma">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_TURMAS}>Todas</SelectItem>
            {turmaNumeros.map((numero) => (
              <SelectItem key={numero} value={numero}>
                Turma {numero}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="filtro-status">Status</Label>
        <Select value={status} onValueChange={(value) => onStatusChange(value as StatusFilter)}>
          <SelectTrigger id="filtro-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_STATUSES}>Todos</SelectItem>
            {PLAN_STATUSES.map((value) => (
              <SelectItem key={value} value={value}>
                {PLAN_STATUS_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="filtro-trimestre">
          {periodoTipoTitulo(tipo)} de {anoAtual()}
        </Label>
        <TrimestreSelect id="filtro-trimestre" tipo={tipo} value={trimestre} onChange={onTrimestreChange} first={{ value: ALL_TRIMESTRES, label: 'Todos' }} />
      </div>
    </div>
  );
}
