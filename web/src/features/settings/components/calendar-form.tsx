import {
  PERIODO_TIPOS,
  PERIODOS_POR_TIPO,
  periodoLabel,
  periodoTipoPlural,
  periodoTipoTitulo,
  putCalendarioSchema,
  RS_REDE_CALENDARS,
  type Calendario,
  type PeriodoTipo,
  type PutCalendarioData,
  type PutCalendarioInput,
} from '@planejador/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { PageSpinner } from '@/components/ui/spinner';
import { anoAtual, useCalendario, useSaveCalendario } from '@/lib/api/calendario';
import { formResolver } from '@/lib/form-resolver';
import { errorText, isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';

const FONTE: Record<Calendario['fonte'], { label: string; variant: 'success' | 'info' | 'warning' }> = {
  professor: { label: 'Suas datas', variant: 'success' },
  rede: { label: 'Calendário da rede estadual', variant: 'info' },
  provisorio: { label: 'Datas provisórias', variant: 'warning' },
};

const TIPO_OPTIONS = PERIODO_TIPOS.map((tipo) => ({ value: tipo, label: `${periodoTipoTitulo(tipo)}s (${PERIODOS_POR_TIPO[tipo]})` }));

/** What the dates shown come from, in a sentence. */
export function sourceText(calendario: Calendario): string {
  if (calendario.fonte === 'professor') return 'Estas são as datas que você salvou para este ano.';
  if (calendario.fonte === 'rede') return `Datas da rede estadual do RS (${calendario.ato}). Ajuste-as se a sua escola segue outro calendário.`;
  // A year the product ships provisional dates for (2026): inferred from that year's own act.
  if (RS_REDE_CALENDARS.some((c) => c.ano === calendario.ano))
    return `Datas provisórias de ${calendario.ano}, deduzidas do calendário da rede estadual (${calendario.ato}): a norma não publicou o início e o fim de cada ${calendario.tipo}. Confirme-as ou corrija-as com as da sua escola.`;
  return `Ainda não há calendário publicado da rede para ${calendario.ano}: as datas abaixo repetem as de ${calendario.ato}. Confirme-as ou corrija-as com as da sua escola.`;
}

type Periodo = { numero: number; inicio: string; fim: string };

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A first draft of `n` periods over the year the calendar spans (its first start to its last end), in equal parts:
 * the teacher corrects the dates before saving.
 */
export function splitYear(periodos: readonly Periodo[], n: number): Periodo[] {
  const start = Date.parse(`${periodos[0].inicio}T00:00:00Z`);
  const end = Date.parse(`${periodos[periodos.length - 1].fim}T00:00:00Z`);
  const days = Math.round((end - start) / DAY) + 1;
  return Array.from({ length: n }, (_, i) => ({
    numero: i + 1,
    inicio: iso(start + Math.round((days * i) / n) * DAY),
    fim: iso(start + (Math.round((days * (i + 1)) / n) - 1) * DAY),
  }));
}

const valuesOf = (calendario: Calendario): PutCalendarioInput => ({
  ano: calendario.ano,
  tipo: calendario.tipo,
  periodos: calendario.periodos.map((t) => ({ numero: t.numero, inicio: t.inicio, fim: t.fim })),
});

/**
 * 'Calendário escolar': how a year is split (trimestres, bimestres or semestres) and the dates of its periods (the
 * teacher's, the RS network's or provisional ones), which place each plan in its period; saving them (or confirming
 * provisional ones) moves the plans whose period was not chosen by hand.
 */
export function CalendarForm() {
  const [ano, setAno] = useState(anoAtual);
  const { data: calendario, isLoading } = useCalendario(ano);
  const save = useSaveCalendario();
  const form = useForm<PutCalendarioInput, unknown, PutCalendarioData>({ resolver: formResolver(putCalendarioSchema) });
  const { errors } = form.formState;
  const tipo: PeriodoTipo = form.watch('tipo') ?? calendario?.tipo ?? 'trimestre';

  useEffect(() => {
    if (calendario) form.reset(valuesOf(calendario));
  }, [calendario, form]);

  /** Another kind: the periods of the calendar when it is its kind, else a draft splitting its year in equal parts. */
  const changeKind = (next: PeriodoTipo) => {
    if (!calendario) return;
    const periodos = next === calendario.tipo ? valuesOf(calendario).periodos! : splitYear(calendario.periodos, PERIODOS_POR_TIPO[next]);
    form.reset({ ano: calendario.ano, tipo: next, periodos });
  };

  const submit = (data: PutCalendarioData) =>
    save.mutate(data, {
      onSuccess: (saved) => {
        const moved = saved.planosMovidos;
        toast({
          title: 'Calendário salvo',
          description:
            moved === 0
              ? `Nenhum plano mudou de ${saved.tipo}.`
              : `${moved} ${moved === 1 ? 'plano mudou' : 'planos mudaram'} de ${saved.tipo} conforme o novo calendário.`,
          variant: 'success',
        });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({ title: 'Erro', description: errorText(error, 'Falha ao salvar o calendário. Tente novamente.'), variant: 'destructive' });
      },
    });

  const periodosError = errors.periodos?.message ?? errors.periodos?.root?.message;
  const count = PERIODOS_POR_TIPO[tipo];

  return (
    <section aria-labelledby="calendario-heading">
      <Card>
        <CardHeader className="gap-2">
          <CardTitle as="h2" id="calendario-heading">
            Calendário escolar
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            Escolha se o ano da sua escola se divide em trimestres, bimestres ou semestres, e as datas de cada período: elas
            decidem em que período cada plano entra (pela data de início dele, ou pela data em que foi criado). Um período que
            você escolheu à mão num plano não muda.
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end gap-3">
            <FormField label="Ano letivo" className="w-32">
              <Input
                type="number"
                inputMode="numeric"
                min={2000}
                max={2100}
                value={ano}
                onChange={(event) => {
                  const next = Number(event.target.value);
                  if (Number.isInteger(next) && next >= 2000 && next <= 2100) setAno(next);
                }}
              />
            </FormField>
            {calendario ? <Badge variant={FONTE[calendario.fonte].variant}>{FONTE[calendario.fonte].label}</Badge> : null}
          </div>
          {isLoading || !calendario ? (
            <PageSpinner />
          ) : (
            <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(submit)}>
              <p className="text-sm" role={calendario.fonte === 'provisorio' ? 'status' : undefined}>
                {sourceText(calendario)}
              </p>
              <FormField label="O ano se divide em" className="w-56">
                <SelectField value={tipo} onChange={(value) => changeKind(value as PeriodoTipo)} options={TIPO_OPTIONS} />
              </FormField>
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">
                  Datas dos {periodoTipoPlural(tipo)} de {ano}
                </legend>
                {Array.from({ length: count }, (_, index) => {
                  const fieldErrors = errors.periodos?.[index];
                  const label = periodoLabel(index + 1, tipo);
                  return (
                    <div key={`${tipo}-${index}`} className="grid gap-3 sm:grid-cols-[8rem_1fr_1fr] sm:items-end">
                      <p className="text-sm font-semibold sm:pb-2">{label}</p>
                      <FormField label={`Início do ${label}`} error={fieldErrors?.inicio?.message ?? fieldErrors?.message}>
                        <Input type="date" {...form.register(`periodos.${index}.inicio`)} />
                      </FormField>
                      <FormField label={`Fim do ${label}`} error={fieldErrors?.fim?.message}>
                        <Input type="date" {...form.register(`periodos.${index}.fim`)} />
                      </FormField>
                    </div>
                  );
                })}
              </fieldset>
              {periodosError ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {periodosError}
                </p>
              ) : null}
              <Button type="submit" className="self-start" disabled={save.isPending}>
                {save.isPending ? 'Salvando...' : calendario.fonte === 'professor' ? 'Salvar datas' : 'Confirmar estas datas'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
