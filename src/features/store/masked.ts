/** Applies an input mask before react-hook-form sees the change. */
import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export function masked(registration: UseFormRegisterReturn, mask: (value: string) => string) {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = mask(event.target.value);
      return registration.onChange(event);
    },
  };
}
