import { periodoLabel, periodosDoTipo, type PeriodoTipo } from '@planejador/contracts';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import type { ComponentProps } from 'react';

type TrimestreSelectProps = Omit<ComponentProps<typeof SelectField>, 'options'> & {
  /** An option before the periods ("Todos", "Pelo calendário escolar"). */
  first?: SelectOption;
  /** The kind of the year's calendar (default trimestre): its periods are offered ("1º bimestre" to "4º bimestre"). */
  tipo?: PeriodoTipo;
};

/** The one period picker: the periods of a kind, named by it (values '1' to '2', '3' or '4'), after an optional first option. */
export function TrimestreSelect({ first, tipo = 'trimestre', ...props }: TrimestreSelectProps) {
  const options = [...(first ? [first] : []), ...periodosDoTipo(tipo).map((n) => ({ value: String(n), label: periodoLabel(n, tipo) }))];
  return <SelectField {...props} options={options} />;
}
