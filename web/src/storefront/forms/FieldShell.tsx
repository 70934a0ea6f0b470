// The frame of a visitor-side form field: its title (a label, or a legend for a group), its
// description, its error above the title, and the textarea's character counter.
import type { ReactNode } from 'react';
import { FormMessages, formatMessage, type FormField } from '@sc/contracts';

/** SPEC 2: a textarea with a maximum length shows 'count / max'; over the maximum it is flagged (SPEC 5). */
export function Counter({ count, max, id }: { count: number; max: number; id: string }) {
  return (
    <span id={id} className={`form-counter${count > max ? ' error' : ''}`} aria-live="polite" data-over={count > max}>
      {formatMessage(FormMessages.characterCounter, { count, max })}
    </span>
  );
}

export function Title({ field, htmlFor, as = 'label' }: { field: FormField; htmlFor?: string; as?: 'label' | 'legend' }) {
  const required = 'required' in field && field.required;
  const content = (
    <>
      {field.title || field.id}
      {required && (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
  return as === 'legend' ? (
    <legend className="title">{content}</legend>
  ) : (
    <label className="title" htmlFor={htmlFor}>
      {content}
    </label>
  );
}

export function Description({ field, id }: { field: FormField; id: string }) {
  return 'description' in field && field.description ? (
    <p className="description" id={id}>
      {field.description}
    </p>
  ) : null;
}

export function FieldShell({
  field,
  error,
  children,
  group,
}: {
  field: FormField;
  error?: string | undefined;
  children: ReactNode;
  group: boolean;
}) {
  const className = `form-item field ${field.type}${error ? ' error' : ''}${'required' in field && field.required ? ' required' : ''}`;
  const message = error ? (
    <p className="field-error" role="alert">
      {error}
    </p>
  ) : null;
  return group ? (
    <fieldset className={className} data-field-id={field.id} aria-invalid={error ? true : undefined}>
      {message}
      {children}
    </fieldset>
  ) : (
    <div className={className} data-field-id={field.id}>
      {message}
      {children}
    </div>
  );
}
