/** zod building blocks shared by every resource's schemas, with the Portuguese messages of spec §5. */
import { z } from 'zod';

// Messages zod writes itself (wrong types, unknown shapes) come out in Portuguese too.
z.config(z.locales.pt());
// In the browser the app runs under a CSP without 'unsafe-eval' (server/csp.ts): zod's compiled
// fast path probes `new Function`, which the browser reports as a violation even when caught.
// The server keeps it (no CSP applies to Node).
z.config({ jitless: typeof document !== 'undefined' });

/** A required text: the same message whether the field is missing, empty or blank. */
export const required = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Máximo de ${max} caracteres`);

export const optionalText = (max = 255) =>
  z
    .string({ error: 'Texto inválido' })
    .trim()
    .max(max, `Máximo de ${max} caracteres`)
    .nullish()
    .transform((v) => v ?? '');

/** Every synced row's id is a UUID made on the device. */
export const clientId = z.uuid('Identificador inválido');
