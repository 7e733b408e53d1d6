import { TRIMESTRES, trimestreLabel } from '@planejador/contracts';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import type { ComponentProps } from 'react';

type TrimestreSelectProps = Omit<ComponentProps<typeof SelectField>, 'options'> & {
  /** An option before the three trimestres ("Todos", "Pelo calendário escolar"). */
  first?: SelectOption;
};

/** The one trimestre picker: "1º trimestre" to "3º trimestre" (values '1' to '3'), after an optional first option. */
export function TrimestreSelect({ first, ...props }: TrimestreSelectProps) {
  const options = [...(first ? [first] : []), ...TRIMESTRES.map((t) => ({ value: String(t), label: trimestreLabel(t) }))];
  return <SelectField {...props} options={options} />;
}
