/** The frame of every add/edit dialog: title, the form's fields, one save button with its pending state. */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentType, ReactNode } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { css } from 'styled-system/css';
import type { z } from 'zod';
import { Button } from './button';
import { Dialog } from './dialog';

/** A form checked by a zod schema: fields hold what was typed, a valid submit gets the parsed values. */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
  });
}

/** What a screen hands an add/edit dialog (see `useEntityDialogs`). */
export type EntityDialogProps<Row extends { id: string }> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The row to edit; null to add a new one. */
  row: Row | null;
};

export type EntityFormDialogProps<Row extends { id: string }> = EntityDialogProps<Row> & {
  title: { add: string; edit: string };
  /** The form of `row`; it calls `onDone` to close the dialog once a save is done. */
  form: ComponentType<{ row: Row | null; onDone: () => void }>;
};

export function EntityFormDialog<Row extends { id: string }>({
  open,
  onOpenChange,
  row,
  title,
  form: Form,
}: EntityFormDialogProps<Row>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={row ? title.edit : title.add}>
      {/* A fresh form for each row: what was typed for one never shows up for another. */}
      <Form key={row?.id ?? 'new'} row={row} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

export type EntityFormProps<Values extends FieldValues, Parsed extends FieldValues> = {
  form: UseFormReturn<Values, unknown, Parsed>;
  /** Runs with the checked values; the button spins until it is done and cannot be pressed twice. */
  onSave: (values: Parsed) => Promise<void>;
  submitLabel: string;
  children: ReactNode;
};

/** The fields show their own errors; `noValidate` leaves the messages to the schema, in Portuguese. */
export function EntityForm<Values extends FieldValues, Parsed extends FieldValues>({
  form,
  onSave,
  submitLabel,
  children,
}: EntityFormProps<Values, Parsed>) {
  return (
    <form
      onSubmit={form.handleSubmit(onSave)}
      noValidate
      className={css({ display: 'grid', gap: '4' })}
    >
      {children}
      <Button type="submit" full loading={form.formState.isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
