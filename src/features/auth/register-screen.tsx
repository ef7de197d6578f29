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
import { register } from './api';
import { EmailField, PasswordField } from './auth-fields';
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
        <EmailField error={errors.email?.message} {...form.register('email')} />
        {NEW_PASSWORD.map(({ name, label, placeholder }) => (
          <PasswordField
            key={name}
            label={label}
            autoComplete="new-password"
            placeholder={placeholder}
            error={errors[name]?.message}
            {...form.register(name)}
          />
        ))}
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

/** The password and its confirmation: the same field twice, told apart by label and hint. */
const NEW_PASSWORD = [
  { name: 'password', label: 'Senha', placeholder: 'Mínimo de 6 caracteres' },
  { name: 'confirmPassword', label: 'Confirmar senha', placeholder: 'Repita a senha' },
] as const;

export function RegisterScreen() {
  return (
    <RedirectIfAuthenticated>
      <RegisterForm />
    </RedirectIfAuthenticated>
  );
}
