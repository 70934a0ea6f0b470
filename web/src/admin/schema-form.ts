// One shape for the admin's forms (issue 35, STYLE 14 and 15): react-hook-form checked with a zod
// schema from packages/contracts (the server's request schema, or the form schema derived from it
// in admin-forms.ts), re-checked on each change once a save was refused; the screen guarded while
// its values differ from those opened or last saved; a toast on save and on failure ('{thing} not
// saved' with the reason, and 'Check the fields marked below.' when a field is refused).
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent } from 'react';
import { AdminFormMessages } from '@sc/contracts';
import { useAction, type Action } from './data.js';
import { useDraftGuard } from './unsaved.js';

export interface SchemaForm<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** The values as typed now (re-rendered on each change). */
  values: T;
  errors: FieldErrors<T>;
  /** The save's busy flag, failure and toasts (`toastAs` names the thing). */
  action: Action;
  /** Whether the values differ from those opened or last saved (the guard asks while they do). */
  dirty: boolean;
  /** After a save: the values sent are the saved ones (by default the current values). */
  saved: (values?: T) => void;
  /** The form's onSubmit: checks with the schema, then `save(values)`; a refusal marks the fields and says so in a toast. */
  submit: (save: (values: T) => Promise<void>) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** A field's message, if the schema refused it. */
  errorOf: (name: FieldPath<T>) => string | undefined;
}

/**
 * The resolver of a form whose values are `T`, checked with `schema`. `raw`: the values stay as
 * typed (the check's trimmed copy is not what is compared or sent). Boundary: the resolver is typed
 * from the schema's output, the form from its draft type; the schema takes the draft as typed.
 */
export function schemaResolver<T extends FieldValues>(schema: Parameters<typeof zodResolver>[0]): Resolver<T> {
  return zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<T>;
}

/** The admin's form of `defaults`, checked with `schema` (which takes the values as typed). */
export function useSchemaForm<T extends FieldValues>(
  schema: Parameters<typeof zodResolver>[0],
  defaults: T,
  options: { toastAs: string; invalidates?: readonly string[] },
): SchemaForm<T> {
  const form = useForm<T>({
    defaultValues: defaults as DefaultValues<T>,
    resolver: schemaResolver<T>(schema),
    reValidateMode: 'onChange',
  });
  const values = form.watch();
  const guard = useDraftGuard<T>(values);
  const action = useAction({ toastAs: options.toastAs, ...(options.invalidates ? { invalidates: options.invalidates } : {}) });
  const errors = form.formState.errors;
  const submit = (save: (values: T) => Promise<void>) => form.handleSubmit(save, () => action.fail(AdminFormMessages.checkFields));
  const errorOf = (name: FieldPath<T>): string | undefined => {
    const found = form.getFieldState(name, form.formState).error;
    return typeof found?.message === 'string' ? found.message : undefined;
  };
  return { form, values, errors, action, dirty: guard.dirty, saved: guard.saved, submit, errorOf };
}
