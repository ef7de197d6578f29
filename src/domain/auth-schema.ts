/** Sign-in and registration bodies and forms (spec §5). */
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

export const registerBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Senha é obrigatória' })
    .min(6, 'Senha deve ter no mínimo 6 caracteres')
    .max(200, 'Senha muito longa'),
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
