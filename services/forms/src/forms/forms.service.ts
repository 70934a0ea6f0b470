// Form definitions for owners: create, read, replace, delete. A form id is chosen by the owner's
// tools or made here; a website's forms never collide with another's.
import { randomBytes } from 'node:crypto';
import type { FormDefinition, FormSettings } from '@sc/contracts';
import { AppError } from '@sc/platform';
import type { FormsRepository } from './forms.repository.js';
import { allowsField } from './template.js';

const newFormId = (): string => `form-${randomBytes(9).toString('base64url')}`;

/** Field types a form of its type cannot hold are refused (400, naming the field). */
function checkFieldTypes(settings: FormSettings): void {
  const fields: Record<string, string> = {};
  settings.build.fields.forEach((field, index) => {
    if (!allowsField(settings.formType, field.type))
      fields[`build.fields.${index}.type`] = `A ${field.type} field cannot be used in this kind of form`;
  });
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', 'The form has fields its type does not allow.', { fields });
}

export class FormService {
  readonly #forms: FormsRepository;

  constructor(forms: FormsRepository) {
    this.#forms = forms;
  }

  list(websiteId: string): Promise<FormDefinition[]> {
    return this.#forms.list(websiteId);
  }

  async get(websiteId: string, id: string): Promise<FormDefinition> {
    const form = await this.#forms.find(websiteId, id);
    if (!form) throw new AppError('NOT_FOUND', 'No such form.');
    return form;
  }

  /** Creates a form; `id` is for seeds and imports that need a stable id. */
  async create(websiteId: string, settings: FormSettings, id: string = newFormId()): Promise<FormDefinition> {
    checkFieldTypes(settings);
    if (!(await this.#forms.insert(websiteId, id, settings))) throw new AppError('CONFLICT', 'A form with this id exists.');
    return this.get(websiteId, id);
  }

  async replace(websiteId: string, id: string, settings: FormSettings): Promise<FormDefinition> {
    checkFieldTypes(settings);
    const form = await this.#forms.update(websiteId, id, settings);
    if (!form) throw new AppError('NOT_FOUND', 'No such form.');
    return form;
  }

  async remove(websiteId: string, id: string): Promise<void> {
    if (!(await this.#forms.delete(websiteId, id))) throw new AppError('NOT_FOUND', 'No such form.');
  }
}
