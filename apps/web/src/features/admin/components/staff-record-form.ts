import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { submitForm } from '../../../lib/forms';

interface StaffRecordFormOptions<
  Values extends FieldValues & { status: string },
  Record extends { id: string },
> {
  schema: z.ZodType<Values, Values>;
  /** The record being edited; none when adding one. */
  record?: Record;
  /** An empty form, status set to what new records get. */
  blank: Values;
  valuesOf: (record: Record) => Values;
  create: (fields: Omit<Values, 'status'>) => Promise<unknown>;
  update: (id: string, values: Values) => Promise<unknown>;
  messages: { added: string; updated: string };
  fields: readonly Path<Values>[];
  onDone: () => void;
}

/**
 * The Add/Edit form of a nurse or an ambulance: one form whose status is set by the server on
 * create (new records get their default) and edited only on existing ones.
 */
export function useStaffRecordForm<
  Values extends FieldValues & { status: string },
  Record extends { id: string },
>(options: StaffRecordFormOptions<Values, Record>) {
  const { record, blank, messages } = options;
  const form = useForm<Values>({
    resolver: zodResolver(options.schema),
    defaultValues: (record ? options.valuesOf(record) : blank) as DefaultValues<Values>,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const { status: _status, ...fields } = values;
    const saved = await submitForm(
      () => (record ? options.update(record.id, values) : options.create(fields)),
      {
        success: record ? messages.updated : messages.added,
        setError: form.setError,
        fields: options.fields,
      },
    );
    if (!saved) return;
    if (!record) form.reset(blank);
    options.onDone();
  });
  return { form, onSubmit };
}
