/** Text fields bound to a react-hook-form form by name: the value, the focus and the field's error. */
import {
  Controller,
  type FieldPathByValue,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { TextField, type TextFieldProps } from './field';

/** `form` is the form's handle here, not the HTML attribute naming a form by id. */
type InputProps = Omit<
  TextFieldProps,
  'form' | 'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'error'
>;

type FormTextFieldProps<Values extends FieldValues, Parsed extends FieldValues> = InputProps & {
  form: UseFormReturn<Values, unknown, Parsed>;
  name: Path<Values>;
};

export function FormTextField<Values extends FieldValues, Parsed extends FieldValues>({
  form,
  name,
  ...input
}: FormTextFieldProps<Values, Parsed>) {
  return (
    <TextField
      {...input}
      error={form.getFieldState(name, form.formState).error?.message}
      {...form.register(name)}
    />
  );
}

export type MaskedFieldProps<
  Values extends FieldValues,
  Parsed extends FieldValues,
> = InputProps & {
  form: UseFormReturn<Values, unknown, Parsed>;
  /** A field that holds a string: the mask reads and writes text. */
  name: FieldPathByValue<Values, string>;
  /** What the input shows for the stored value ('59.90' → 'R$ 59,90'). */
  show: (value: string) => string;
  /** What is stored for what the input now holds, given what was stored before. */
  read: (typed: string, previous: string) => string;
};

/** The input shows the stored value through a mask: the schema checks what was typed, not the mask. */
export function MaskedField<Values extends FieldValues, Parsed extends FieldValues>({
  form,
  name,
  show,
  read,
  ...input
}: MaskedFieldProps<Values, Parsed>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...input}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={show(field.value)}
          onChange={(e) =>
            field.onChange(read(e.target.value, field.value) as PathValue<Values, typeof name>)
          }
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
