import { periodoTipoTitulo, SCHOOL_YEAR_LIMITS, type GenerateFormData, type GenerateFormInput } from '@planejador/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { TrimestreSelect } from '@/components/trimestre-select';
import { anoAtual, useCalendario } from '@/lib/api/calendario';

interface SchoolYearFieldsProps {
  form: UseFormReturn<GenerateFormInput, unknown, GenerateFormData>;
}

const AUTOMATIC = 'auto';

/**
 * The plan's place in the school year: its period, named by the kind of the calendar of its year (the start date's,
 * else this one: "2º bimestre"; by default the one of her school calendar, decided by the server), optional dates
 * and lesson length.
 */
export function SchoolYearFields({ form }: SchoolYearFieldsProps) {
  const { errors } = form.formState;
  const inicio = form.watch('dataInicio');
  const ano = inicio && /^\d{4}-/.test(inicio) ? Number(inicio.slice(0, 4)) : anoAtual();
  const tipo = useCalendario(ano).data?.tipo ?? 'trimestre';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Período letivo</CardTitle>
        <CardDescription>O {tipo} organiza a cobertura da BNCC da turma; datas e duração vão para o documento.</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Controller
          control={form.control}
          name="periodo"
          render={({ field }) => (
            <FormField label={periodoTipoTitulo(tipo)} error={errors.periodo?.message ?? errors.trimestre?.message}>
              <TrimestreSelect
                tipo={tipo}
                // A draft or a copied plan of before may carry `trimestre`: it shows as the period.
                value={(field.value ?? form.getValues('trimestre')) === undefined ? AUTOMATIC : String(field.value ?? form.getValues('trimestre'))}
                // Automatic: the server takes the period of her school calendar holding the start date (or today),
                // and it follows the calendar if she changes its dates; a period chosen here stays.
                onChange={(value) => {
                  form.setValue('trimestre', undefined);
                  field.onChange(value === AUTOMATIC ? undefined : Number(value));
                }}
                onBlur={field.onBlur}
                placeholder="Selecione"
                first={{ value: AUTOMATIC, label: 'Pelo calendário escolar' }}
              />
            </FormField>
          )}
        />
        <FormField label="Início (opcional)" error={errors.dataInicio?.message}>
          <Input type="date" {...form.register('dataInicio', { setValueAs: (v: string) => v || null })} />
        </FormField>
        <FormField label="Fim (opcional)" error={errors.dataFim?.message}>
          <Input type="date" {...form.register('dataFim', { setValueAs: (v: string) => v || null })} />
        </FormField>
        <FormField label="Duração da aula em minutos (opcional)" error={errors.duracaoAulaMin?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={SCHOOL_YEAR_LIMITS.duracaoAulaMin}
            max={SCHOOL_YEAR_LIMITS.duracaoAulaMax}
            placeholder={String(SCHOOL_YEAR_LIMITS.duracaoAulaDefault)}
            {...form.register('duracaoAulaMin', { setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)) })}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}
