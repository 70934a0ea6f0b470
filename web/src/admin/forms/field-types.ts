// The form builder's field types: their names, and a new field of a type with its defaults.
import type { FormField, FormFieldType } from '@sc/contracts';

export const FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  textarea: 'Text area',
  email: 'Email',
  number: 'Number',
  website: 'Website',
  currency: 'Currency',
  phone: 'Phone',
  radio: 'Radio buttons',
  checkbox: 'Checkboxes',
  select: 'Dropdown',
  likert: 'Likert scale',
  section: 'Section',
  hidden: 'Hidden',
  password: 'Password',
  twitter: 'Twitter',
  date: 'Date',
  time: 'Time',
  name: 'Name',
  address: 'Address',
};

/** A new field of a type with its defaults (ids are unique within the form). */
export function newField(type: FormFieldType, taken: readonly string[]): FormField {
  let n = taken.length + 1;
  while (taken.includes(`${type}-${n}`)) n++;
  const id = `${type}-${n}`;
  const title = FIELD_TYPE_LABELS[type];
  switch (type) {
    case 'text':
    case 'email':
    case 'number':
    case 'website':
      return { id, type, title, description: '', placeholder: '', required: false };
    case 'textarea':
      return { id, type, title, description: '', placeholder: '', required: false, maxLength: null };
    case 'currency':
      return { id, type, title, description: '', currencySymbol: '$', required: false };
    case 'phone':
      return { id, type, title, description: '', showCountryCode: false, required: false };
    case 'radio':
    case 'checkbox':
    case 'select':
    case 'likert':
      return { id, type, title, description: '', options: ['Option 1', 'Option 2'], required: false };
    case 'section':
      return { id, type, title, description: '', underline: false };
    case 'hidden':
      return { id, type, title, key: id, value: '' };
    case 'password':
    case 'twitter':
    case 'date':
    case 'time':
    case 'name':
    case 'address':
      return { id, type, title, description: '', required: false };
  }
}
