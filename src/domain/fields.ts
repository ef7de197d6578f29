/** zod building blocks shared by every resource's schemas, with the Portuguese messages of spec §5. */
import { z } from 'zod';

// Messages zod writes itself (wrong types, unknown shapes) come out in Portuguese too.
z.config(z.locales.pt());

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
