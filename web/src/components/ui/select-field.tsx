import type { ComponentPropsWithoutRef } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<ComponentPropsWithoutRef<typeof SelectTrigger>, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
}

/**
 * A Radix select as one form control: the trigger takes the id/aria props FormField passes to its control
 * (and any data- attribute), so it fits react-hook-form's Controller like an input.
 */
export function SelectField({ value, onChange, options, placeholder, disabled, ...triggerProps }: SelectFieldProps) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger {...triggerProps}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
