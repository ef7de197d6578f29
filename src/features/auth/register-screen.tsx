/** Register (/register): email, password and confirmation (never sent), then onboarding. */
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useAuth } from '~/lib/auth/auth-context';
import { RedirectIfAuthenticated } from '~/lib/auth/route-guard';
import { serverMessage } from '~/lib/error-message';
import { lazyResolver } from '~/lib/lazy-resolver';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { TextField } from '~/ui/field';
import { register } from './api';
import { AuthLayout, formStyle, switchLinkStyle } from './auth-layout';
import { forgetCarriedFields, useCarriedFields } from './carried-fields';

// zod and the schema load on the form's first focus (or at the first submit), not while the
// screen starts: their evaluation was most of /register's blocking time on a phone (issue 14).
const validation = lazyResolver(() =>
  import('./register-validation').then((m) => m.registerResolver),
);

function RegisterForm() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const form = useForm({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const formRef = useRef<HTMLFormElement>(null);
  const carried = useCarriedFields(formRef);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    try {
      const answer = await register(email, password);
      await signIn({ ...answer, hasStore: false });
      forgetCarriedFields();
      toast.success('Conta criada!', 'Bem-vindo ao Talí');
      await navigate({ to: '/onboarding/step1', replace: true });
    } catch (error) {
      toast.error('Erro ao criar conta', serverMessage(error, 'Não foi possível criar a conta'));
    }
  });

  return (
    <AuthLayout subtitle="Crie sua conta e cadastre sua loja">
      <form
        ref={formRef}
        {...carried}
        onSubmit={onSubmit}
        onFocus={validation.preload}
        noValidate
        className={formStyle}
      >
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="seu@email.com"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Senha"
          type="password"
          autoComplete="new-password"
          placeholder="Mínimo de 6 caracteres"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirmar senha"
          type="password"
          autoComplete="new-password"
          placeholder="Repita a senha"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" full loading={isSubmitting} loadingText="Criando conta...">
          Criar conta
        </Button>
      </form>
      <Link to="/login" className={switchLinkStyle}>
        Já tenho uma conta
      </Link>
    </AuthLayout>
  );
}

export function RegisterScreen() {
  return (
    <RedirectIfAuthenticated>
      <RegisterForm />
    </RedirectIfAuthenticated>
  );
}
