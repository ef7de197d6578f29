/** Sign-in, registration and password change bodies and forms (spec §5). */
import { z } from 'zod';
import './fields';

export const emailSchema = z
  .string({ error: 'E-mail é obrigatório' })
  .trim()
  .min(1, 'E-mail é obrigatório')
  .max(254, 'E-mail muito longo')
  .pipe(z.email('E-mail inválido'))
  .transform((v) => v.toLowerCase());

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Senha é obrigatória' }).min(1, 'Senha é obrigatória').max(200),
});

/** The rules of a password being chosen (sign-up, password change), with the field's own name. */
const newPassword = (name: string) =>
  z
    .string({ error: `${name} é obrigatória` })
    .min(6, `${name} deve ter no mínimo 6 caracteres`)
    .max(200, `${name} muito longa`);

export const registerBodySchema = z.object({
  email: emailSchema,
  password: newPassword('Senha'),
});

/** POST /api/auth/senha: the current password (checked like a login) and the new one. */
export const changePasswordSchema = z
  .object({
    atual: z
      .string({ error: 'Informe a senha atual' })
      .min(1, 'Informe a senha atual')
      .max(200, 'Senha muito longa'),
    nova: newPassword('Nova senha'),
  })
  // Compared as the hash compares them (NFKC, server/auth/passwords.ts).
  .refine((v) => v.atual.normalize('NFKC') !== v.nova.normalize('NFKC'), {
    message: 'A nova senha deve ser diferente da atual',
    path: ['nova'],
  });

/** The password change form: the new password typed twice; the confirmation is never sent. */
export const changePasswordFormSchema = z
  .object({
    atual: z.string().min(1, 'Informe a senha atual'),
    nova: newPassword('Nova senha'),
    confirmacao: z.string().min(1, 'Confirme a nova senha'),
  })
  .refine((v) => v.nova === v.confirmacao, {
    message: 'As senhas não coincidem',
    path: ['confirmacao'],
  })
  .refine((v) => v.atual.normalize('NFKC') !== v.nova.normalize('NFKC'), {
    message: 'A nova senha deve ser diferente da atual',
    path: ['nova'],
  });

/** The register form: confirmPassword is checked here and never sent. */
export const registerFormSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1, 'Senha é obrigatória'),
    confirmPassword: z.string().min(6, 'Senha deve ter no mínimo 6 caracteres'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'As senhas não coincidem',
    path: ['confirmPassword'],
  });

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterForm = z.input<typeof registerFormSchema>;
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
