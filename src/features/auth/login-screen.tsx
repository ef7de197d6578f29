/** Login (/login): email and password; on success home or onboarding (spec §2, §8). */
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { useDeviceStoreLoader } from '~/db/device-store-context';
import { useAuth } from '~/lib/auth/auth-context';
import { RedirectIfAuthenticated } from '~/lib/auth/route-guard';
import { hasServerMessage } from '~/lib/error-message';
import { toast } from '~/lib/toast';
import { Button } from '~/ui/button';
import { login } from './api';
import { EmailField, PasswordField } from './auth-fields';
import { AuthLayout, formStyle, switchLinkStyle } from './auth-layout';
import { forgetCarriedFields, useCarriedFields } from './carried-fields';

type Errors = { email?: string; password?: string };

// /login is the first screen most visitors load: it checks presence only (spec §5 confirms no
// format rule) with plain state, keeping zod and react-hook-form out of the 150 KB first load.
// The messages are loginSchema's, which the server applies in full.
function check(email: string, password: string): Errors {
  return {
    email: email.trim() ? undefined : 'E-mail é obrigatório',
    password: password ? undefined : 'Senha é obrigatória',
  };
}

function LoginForm() {
  const { signIn } = useAuth();
  const loadStore = useDeviceStoreLoader();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const carried = useCarriedFields(formRef);
  const shown = errors ? check(email, password) : {};

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      const answer = await login(email.trim(), password);
      await signIn(answer);
      forgetCarriedFields();
      // The store's data starts coming now, while the home screen loads (not once it has).
      if (answer.hasStore) void loadStore().then((store) => store.pullNow());
      await navigate({ to: answer.hasStore ? '/' : '/onboarding/step1', replace: true });
    } catch (error) {
      if (hasServerMessage(error)) toast.error('Erro', error.message);
      else toast.error('Erro ao fazer login', 'Não foi possível fazer login');
      setBusy(false);
    }
  };

  return (
    <AuthLayout subtitle="Entre para gerenciar sua loja">
      {/* The pull's worker loads while the owner types (not on a visit that types nothing): the
          store's data starts coming at sign-in. */}
      <form
        ref={formRef}
        {...carried}
        onSubmit={onSubmit}
        onFocus={() => void loadStore().then((store) => store.warmPull())}
        noValidate
        className={formStyle}
      >
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={shown.email} />
        <PasswordField
          name="password"
          autoComplete="current-password"
          placeholder="Sua senha"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={shown.password}
        />
        <Button type="submit" full loading={busy} loadingText="Entrando...">
          Entrar
        </Button>
      </form>
      <Link to="/register" className={switchLinkStyle}>
        Criar minha conta
      </Link>
    </AuthLayout>
  );
}

export function LoginScreen() {
  return (
    <RedirectIfAuthenticated>
      <LoginForm />
    </RedirectIfAuthenticated>
  );
}
