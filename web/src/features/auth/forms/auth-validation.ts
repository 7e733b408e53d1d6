import { configureZodMessages, loginSchema, registerSchema } from '@planejador/contracts';
import type { z } from 'zod';

// Loaded by use-auth-form.ts when the sign-in or sign-up form is first used (a field takes focus) or submitted, not
// with the page: it brings zod and the shared schemas.
configureZodMessages();

const schemas = { login: loginSchema, register: registerSchema };
export type AuthFormName = keyof typeof schemas;
export type AuthFormData<K extends AuthFormName> = z.output<(typeof schemas)[K]>;

export type AuthValidation<K extends AuthFormName> =
  | { data: AuthFormData<K>; errors: null }
  | { data: null; errors: Record<string, string> };

/**
 * The schema's answer as react-hook-form's zodResolver gave it: the parsed values (trimmed, lower-cased e-mail), or
 * the first message of each field in the order zod reports them.
 */
export function validateAuthForm<K extends AuthFormName>(name: K, values: Record<string, string>): AuthValidation<K> {
  const result = schemas[name].safeParse(values);
  if (result.success) return { data: result.data as AuthFormData<K>, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return { data: null, errors };
}
