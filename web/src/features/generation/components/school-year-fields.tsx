import { SCHOOL_YEAR_LIMITS, type GenerateFormData, type GenerateFormInput } from '@planejador/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { TrimestreSelect } from '@/components/trimestre-select';

interface SchoolYearFieldsProps {
  form: UseFormReturn<GenerateFormInput, unknown, GenerateFormData>;
}

const AUTOMATIC = 'auto';

/**
 * The plan's place in the school year: trimestre (by default the one of her school calendar, decided by the server),
 * optional period and lesson length.
 */
export function SchoolYearFields({ form }: SchoolYearFieldsProps) {
  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Período letivo</CardTitle>
        <CardDescription>O trimestre organiza a cobertura da BNCC da turma; período e duração vão para o documento.</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Controller
          control={form.control}
          name="trimestre"
          render={({ field }) => (
            <FormField label="Trimestre" error={errors.trimestre?.message}>
              <TrimestreSelect
                value={field.value === undefined ? AUTOMATIC : String(field.value)}
                // Automatic: the server takes the trimestre of her school calendar holding the start date (or today),
                // and it follows the calendar if she changes its dates; a trimestre chosen here never moves.
                onChange={(value) => field.onChange(value === AUTOMATIC ? undefined : Number(value))}
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
