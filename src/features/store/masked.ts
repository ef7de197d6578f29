/** Applies an input mask before react-hook-form sees the change. */
import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { maskPhone, phoneInputDigits } from '~/domain/phone';
import { onlyDigits } from '~/domain/text';

/** The value each masked input showed before the current change. */
const shown = new WeakMap<HTMLInputElement, string>();

export function masked(
  registration: UseFormRegisterReturn,
  mask: (value: string, previous: string) => string,
) {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.target;
      input.value = mask(input.value, shown.get(input) ?? '');
      shown.set(input, input.value);
      return registration.onChange(event);
    },
  };
}

/** Phone fields: a paste or an autofill in any form is normalised before the mask (domain/phone). */
export const maskPhoneInput = (value: string, previous: string) =>
  maskPhone(phoneInputDigits(value, onlyDigits(previous)));
