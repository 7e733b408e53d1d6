import { z } from 'zod';
import { LIMITS, ROLES } from './domain';
import { MSG } from './messages';

const email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((v) => v.toLowerCase());

const optionalName = z
  .string()
  .trim()
  .max(100, MSG.nameTooLong)
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * Whether a first name carries what is no name: a link (scheme, www. or a domain), an e-mail address or a run of 2+
 * digits (a phone, a CPF). The name is greeted in e-mails and pages, so it must not carry any of those.
 */
function firstNameCarriesContact(name: string): boolean {
  return /[a-z][a-z0-9+.-]*:\/\/|www\.|@|\d{2,}|[\p{L}\d-]\.(?:com|net|org|br|io|app|info|biz|xyz|me|co|ly|site|online|link|club|top|shop|live)\b/iu.test(name);
}
const refuseContact = (name: string | null | undefined) => !name || !firstNameCarriesContact(name);

/** A first name at sign-up: as any optional name, and with no link, e-mail address or digits run (400). */
const optionalFirstName = optionalName.refine(refuseContact, MSG.firstNameInvalid);

export const registerSchema = z
  .object({
    email,
    password: z.string({ error: MSG.passwordMin }).min(LIMITS.passwordMin, MSG.passwordMin).max(200, MSG.textTooLong(200)),
    confirmPassword: z
      .string({ error: MSG.confirmPasswordMin })
      .min(LIMITS.passwordMin, MSG.confirmPasswordMin)
      .max(200, MSG.textTooLong(200)),
    firstName: optionalFirstName,
    lastName: optionalName,
  })
  .refine((d) => d.password === d.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: z
    .string({ error: MSG.emailInvalid })
    .trim()
    .max(254, MSG.emailInvalid)
    .pipe(z.email({ error: MSG.emailInvalid }))
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200, MSG.textTooLong(200)),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const validateResetTokenSchema = z.object({
  token: z.string({ error: MSG.resetTokenInvalid }).min(1, MSG.resetTokenInvalid).max(200),
});

/** POST /api/auth/verify-email: the token from the e-mailed link. */
export const verifyEmailSchema = z.object({
  token: z.string({ error: MSG.verifyEmailTokenInvalid }).min(1, MSG.verifyEmailTokenInvalid).max(200),
});
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

export const resetPasswordSchema = z.object({
  token: z.string({ error: MSG.resetTokenInvalid }).min(1, MSG.resetTokenInvalid).max(200),
  newPassword: z
    .string({ error: MSG.resetPasswordMin })
    .min(LIMITS.passwordMin, MSG.resetPasswordMin)
    .max(200),
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The reset page's form (the confirmation is checked in the browser; the wire carries newPassword). */
export const resetPasswordFormSchema = z
  .object({
    password: z.string().min(LIMITS.passwordMin, MSG.resetPasswordMin).max(200),
    confirmPassword: z.string().min(LIMITS.passwordMin, MSG.resetPasswordMin).max(200),
  })
  .refine((d) => d.password === d.confirmPassword, {
    message: MSG.resetPasswordsDontMatch,
    path: ['confirmPassword'],
  });

/** A name the teacher may change later: trimmed, at most 100 characters; empty clears it (null). */
const editableName = z
  .string({ error: MSG.nameInvalid })
  .trim()
  .max(100, MSG.nameTooLong)
  .nullable()
  .transform((v) => (v ? v : null));

/**
 * PATCH /api/auth/user: the signed-in teacher's own first and last name (each optional: absent keeps it, empty or
 * null clears it). Nothing else of the account changes here: any other key is refused.
 */
export const updateUserSchema = z.strictObject(
  { firstName: editableName.refine(refuseContact, MSG.firstNameInvalid).optional(), lastName: editableName.optional() },
  { error: MSG.userFieldNotEditable },
);
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export type UpdateUserData = z.output<typeof updateUserSchema>;

/** What the api answers for the current user: never the password hash. */
export interface PublicUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  credits: number;
  role: (typeof ROLES)[number];
  /** Whether the account confirmed its e-mail address (through the e-mailed link, or a password reset). */
  emailVerificado: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface MessageResponse {
  message: string;
}

export interface UserStats {
  turmas: number;
  planos: number;
  aulas: number;
  mesAtual: number;
}
