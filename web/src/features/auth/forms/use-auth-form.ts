import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import type { AuthFormData, AuthFormName } from './auth-validation';

const loadValidation = () => import('./auth-validation');

/** Fetches the validation (zod and the schemas) ahead of the first submit: when a field of the form takes focus. */
export const preloadAuthValidation = () => void loadValidation().catch(() => undefined);

/**
 * The sign-in and sign-up forms without react-hook-form (17 KB gzip) nor zod (29 KB) at first paint: uncontrolled
 * inputs read at submit, validated by the shared schema loaded on first use. The behaviour is react-hook-form's as
 * these forms used it (validation on submit, the first invalid field focused, then each field validated again as
 * it changes) and the messages are the schema's.
 */
export function useAuthForm<K extends AuthFormName, F extends string>(
  name: K,
  fields: readonly F[],
  onValid: (data: AuthFormData<K>) => void,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  const input = (field: F) => formRef.current?.elements.namedItem(field) as HTMLInputElement | null;
  const values = () => Object.fromEntries(fields.map((field) => [field, input(field)?.value ?? '']));
  const validate = () =>
    loadValidation().then(
      ({ validateAuthForm }) => validateAuthForm(name, values()),
      (error: unknown) => {
        toast({ title: 'Erro', description: 'Não foi possível validar o formulário. Recarregue a página.', variant: 'destructive' });
        throw error;
      },
    );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    void validate().then((result) => {
      if (result.errors) {
        setErrors(result.errors as Partial<Record<F, string>>);
        input(fields.find((field) => result.errors[field]) as F)?.focus();
        return;
      }
      setErrors({});
      onValid(result.data);
    }, () => undefined);
  };

  /** After a submit, a changed field is checked again (only that field's message changes). */
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (!submitted.current) return;
    const field = event.target.name as F;
    void validate().then(
      (result) => setErrors((previous) => ({ ...previous, [field]: result.errors?.[field] })),
      () => undefined,
    );
  };

  return {
    errors,
    /** The form's props: ref, submit, and the validation fetched on its first focus. */
    form: { ref: formRef, noValidate: true, onSubmit, onFocus: preloadAuthValidation },
    /** A field's props (uncontrolled, as react-hook-form's register). */
    field: (field: F) => ({ name: field, defaultValue: '', onChange }),
    /** A field's current value. */
    value: (field: F) => input(field)?.value ?? '',
  };
}
