import { putCalendarioSchema, trimestreLabel, type Calendario, type PutCalendarioData, type PutCalendarioInput } from '@planejador/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
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

/** What the dates shown come from, in a sentence. */
function sourceText(calendario: Calendario): string {
  if (calendario.fonte === 'professor') return 'Estas são as datas que você salvou para este ano.';
  if (calendario.fonte === 'rede') return `Datas da rede estadual do RS (${calendario.ato}). Ajuste-as se a sua escola segue outro calendário.`;
  return `Ainda não há calendário publicado da rede para ${calendario.ano}: as datas abaixo repetem as de ${calendario.ato}. Confirme-as ou corrija-as com as da sua escola.`;
}

const valuesOf = (calendario: Calendario): PutCalendarioInput => ({
  ano: calendario.ano,
  trimestres: calendario.trimestres.map((t) => ({ numero: t.numero, inicio: t.inicio, fim: t.fim })),
});

/**
 * 'Calendário escolar': the trimestre dates of a year (the teacher's, the RS network's or provisional ones), which
 * place each plan in its trimestre; saving them moves the plans whose trimestre was not chosen by hand.
 */
export function CalendarForm() {
  const [ano, setAno] = useState(anoAtual);
  const { data: calendario, isLoading } = useCalendario(ano);
  const save = useSaveCalendario();
  const form = useForm<PutCalendarioInput, unknown, PutCalendarioData>({ resolver: formResolver(putCalendarioSchema) });
  const { errors } = form.formState;

  useEffect(() => {
    if (calendario) form.reset(valuesOf(calendario));
  }, [calendario, form]);

  const submit = (data: PutCalendarioData) =>
    save.mutate(data, {
      onSuccess: (saved) => {
        const moved = saved.planosMovidos;
        toast({
          title: 'Calendário salvo',
          description:
            moved === 0
              ? 'Nenhum plano mudou de trimestre.'
              : `${moved} ${moved === 1 ? 'plano mudou' : 'planos mudaram'} de trimestre conforme as novas datas.`,
          variant: 'success',
        });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({ title: 'Erro', description: errorText(error, 'Falha ao salvar o calendário. Tente novamente.'), variant: 'destructive' });
      },
    });

  const trimestresError = errors.trimestres?.message ?? errors.trimestres?.root?.message;

  return (
    <section aria-labelledby="calendario-heading">
      <Card>
        <CardHeader className="gap-2">
          <CardTitle as="h2" id="calendario-heading">
            Calendário escolar
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            As datas dos trimestres decidem em que trimestre cada plano entra (pela data de início dele, ou pela data em que foi
            criado). Um trimestre que você escolheu à mão num plano nunca muda.
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
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">Datas dos trimestres de {ano}</legend>
                {[0, 1, 2].map((index) => {
                  const fieldErrors = errors.trimestres?.[index];
                  return (
                    <div key={index} className="grid gap-3 sm:grid-cols-[8rem_1fr_1fr] sm:items-end">
                      <p className="text-sm font-semibold sm:pb-2">{trimestreLabel(index + 1)}</p>
                      <FormField label={`Início do ${trimestreLabel(index + 1)}`} error={fieldErrors?.inicio?.message ?? fieldErrors?.message}>
                        <Input type="date" {...form.register(`trimestres.${index}.inicio`)} />
                      </FormField>
                      <FormField label={`Fim do ${trimestreLabel(index + 1)}`} error={fieldErrors?.fim?.message}>
                        <Input type="date" {...form.register(`trimestres.${index}.fim`)} />
                      </FormField>
                    </div>
                  );
                })}
              </fieldset>
              {trimestresError ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {trimestresError}
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
