/**
 * Shared set-up of the catalogue benchmarks and screenshots: the real server with the built PWA,
 * a fresh owner with a store, and a 390×844 Chromium page already signed in.
 */
import { defaultBusinessHours } from '../src/domain/hours';
import { launchPhone, type Phone } from '../tests/e2e/browser';
import { type RunningServer, startServer } from '../tests/e2e/server';
import { hostSpeedLine, throttle } from './cpu-throttle';

export type CatalogueSession = {
  server: RunningServer;
  phone: Phone;
  token: string;
  api: <T>(method: string, path: string, body?: unknown) => Promise<T>;
  /** Slows the phone's CPU as THROTTLE asks (page, workers, service worker); a no-op without. */
  throttle(): Promise<void>;
  close(): Promise<void>;
};

export async function openCatalogueSession(
  staticDir = process.env.STATIC_DIR,
): Promise<CatalogueSession> {
  const server = await startServer(staticDir ? { STATIC_DIR: staticDir } : {});
  let token = '';
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const email = `bench-${Date.now()}@example.com`;
  const session = await api<{ token: string; userId: string }>('POST', '/api/auth/register', {
    email,
    password: 'senha-segura-123',
  });
  token = session.token;
  await api('POST', '/api/stores', {
    name: 'Mercearia da Ana',
    cnpj: '',
    phone: '',
    cep: '01001000',
    logradouro: 'Praça da Sé',
    numero: '1',
    complemento: '',
    bairro: 'Sé',
    cidade: 'São Paulo',
    uf: 'SP',
    businessHours: defaultBusinessHours(),
  });
  const phone = await launchPhone(server.baseUrl);
  console.log(await hostSpeedLine(phone.browser));
  await phone.context.addInitScript(
    ([t, u]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', t);
        localStorage.setItem('userId', u);
      }
    },
    [session.token, session.userId] as const,
  );
  return {
    server,
    phone,
    token,
    api,
    throttle: () => throttle(phone.context),
    close: async () => {
      await phone.close();
      await server.stop();
    },
  };
}
