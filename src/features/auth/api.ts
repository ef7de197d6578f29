/** Online calls of the login and register screens (spec §7); logout belongs to the session. */
import { apiRequest } from '~/lib/api';

export type LoginAnswer = { token: string; userId: string; hasStore: boolean };
export type RegisterAnswer = { token: string; userId: string };

export function login(email: string, password: string): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('POST', '/api/auth/login', { email, password });
}

export function register(email: string, password: string): Promise<RegisterAnswer> {
  return apiRequest<RegisterAnswer>('POST', '/api/auth/register', { email, password });
}
