import { formatIsoDatePtBr, MSG, periodoLabel, periodoTipoTitulo, SCHOOL_YEAR_LIMITS, type Plano } from '@planejador/contracts';
import { CalendarRange, ListChecks, Loader2, Pencil, Save, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorText, isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useUpdatePlano } from '../api/update-plano';
import { TrimestreSelect } from '@/components/trimestre-select';
import { coberturaPath } from '@/lib/paths';

function period(plano: Plano): string {
  const start = plano.dataInicio ? formatIsoDatePtBr(plano.dataInicio) : null;
  const end = plano.dataFim ? formatIsoDatePtBr(plano.dataFim) : null;
  if (start && end) return `${start} a ${end}`;
  if (start) return `A partir de ${start}`;
  if (end) return `Até ${end}`;
  return 'Não informado';
}

/** 'Período letivo': the period named by its kind ('2º bimestre'), dates and lesson length, shown and editable (saved on their own), and the coverage link. */
export function SchoolYearCard({ plano }: { plano: Plano }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState({ trimestre: String(plano.periodo), inicio: '', fim: '', duracao: '' });
  const update = useUpdatePlano();
  const ids = { trimestre: useId(), inicio: useId(), fim: useId(), duracao: useId() };
  const start = () => {
    setValues({
      trimestre: String(plano.periodo),
      inicio: plano.dataInicio ?? '',
      fim: plano.dataFim ?? '',
      duracao: plano.duracaoAulaMin ? String(plano.duracaoAulaMin) : '',
    });
    setEditing(true);
  };
  const save = () => {
    if (values.inicio && values.fim && values.inicio > values.fim) {
      toast({ title: 'Erro', description: MSG.periodoInvertido, variant: 'destructive' });
      return;
    }
    update.mutate(
      {
        id: plano.id,
        data: {
          status: plano.status === 'gerado' ? 'editado' : plano.status,
          // The period only when the teacher changed it (it then becomes hers); else it follows the calendar.
          ...(Number(values.trimestre) !== plano.periodo ? { periodo: Number(values.trimestre) } : {}),
          dataInicio: values.inicio || null,
          dataFim: values.fim || null,
          duracaoAulaMin: values.duracao ? Number(values.duracao) : null,
        },
      },
      {
        onSuccess: () => {
          setEditing(false);
          toast({ title: 'Sucesso!', description: 'Período letivo salvo.', variant: 'success' });
        },
        onError: (error) => {
          if (!isUnauthorized(error)) toast({ title: 'Erro', description: errorText(error, 'Falha ao salvar o período'), variant: 'destructive' });
        },
      },
    );
  };
  const hours = plano.duracaoAulaMin ? plano.aulas.length * plano.duracaoAulaMin : null;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-3">
        <CardTitle as="h2" className="flex items-center gap-2">
          <CalendarRange className="size-5 text-muted-foreground" aria-hidden="true" />
          Período letivo
        </CardTitle>
        {editing ? null : (
          <Button size="sm" variant="ghost" onClick={start}>
            <Pencil aria-hidden="true" />
            Alterar<span className="sr-only"> período letivo</span>
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {editing ? (
          <form
            className="grid gap-3 sm:grid-cols-2"
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.trimestre}>{periodoTipoTitulo(plano.periodoTipo)}</Label>
              <TrimestreSelect
                id={ids.trimestre}
                tipo={plano.periodoTipo}
                value={values.trimestre}
                onChange={(trimestre) => setValues((v) => ({ ...v, trimestre }))}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.duracao}>Duração da aula (minutos)</Label>
              <Input
                id={ids.duracao}
                type="number"
                inputMode="numeric"
                min={SCHOOL_YEAR_LIMITS.duracaoAulaMin}
                max={SCHOOL_YEAR_LIMITS.duracaoAulaMax}
                value={values.duracao}
                onChange={(e) => setValues((v) => ({ ...v, duracao: e.target.value }))}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.inicio}>Início</Label>
              <Input id={ids.inicio} type="date" value={values.inicio} onChange={(e) => setValues((v) => ({ ...v, inicio: e.target.value }))} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.fim}>Fim</Label>
              <Input id={ids.fim} type="date" value={values.fim} onChange={(e) => setValues((v) => ({ ...v, fim: e.target.value }))} />
            </div>
            <div className="flex gap-2 sm:col-span-2">
              <Button type="button" variant="outline" size="sm" onClick={() => setEditing(false)} disabled={update.isPending}>
                <X aria-hidden="true" />
                Cancelar
              </Button>
              <Button type="submit" size="sm" disabled={update.isPending} aria-busy={update.isPending}>
                {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
                Salvar período
              </Button>
            </div>
          </form>
        ) : (
          <dl className="flex flex-col gap-2 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{periodoTipoTitulo(plano.periodoTipo)}</dt>
              <dd className="font-medium">
                {periodoLabel(plano.periodo, plano.periodoTipo)} de {plano.ano}
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Período</dt>
              <dd className="text-right font-medium">{period(plano)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Duração da aula</dt>
              <dd className="font-medium">{plano.duracaoAulaMin ? `${plano.duracaoAulaMin} minutos` : 'Não informada'}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Carga horária</dt>
              <dd className="text-right font-medium">
                {hours ? `${plano.aulas.length} aulas, ${Math.floor(hours / 60)} h${hours % 60 ? ` ${hours % 60} min` : ''}` : `${plano.aulas.length} aulas`}
              </dd>
            </div>
          </dl>
        )}
        <Link to={coberturaPath(plano.turmaId, plano.materiaGeral)} className={buttonClasses('outline', 'sm', 'self-start')}>
          <ListChecks aria-hidden="true" />
          Cobertura da BNCC da turma
        </Link>
      </CardContent>
    </Card>
  );
}
