/**
 * A react-hook-form resolver loaded on first use: the schema's module (and zod with it) is
 * imported when `preload()` is called — on the form's first focus — or at the first validation,
 * not while the screen starts. Evaluating zod and its schemas was a long task on a phone's CPU
 * on /register (issue 14, decision 014); the validation itself is unchanged.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): { resolver: Resolver<Input, unknown, Output>; preload: () => void } {
  let loaded: Promise<Resolver<Input, unknown, Output>> | null = null;
  const get = () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null; // a failed chunk download is tried again at the next validation
      throw error;
    });
    return loaded;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      // A head start only: a failed download is tried again (and reported) at validation.
      get().catch(() => undefined);
    },
  };
}
