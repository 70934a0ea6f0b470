// The website's forms: the list, a new form, and the way to each form's builder and submissions.
import { useState, type FormEvent } from 'react';
import { FormType, Permission, type FormDefinition } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { Link, navigate } from '../router.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome, Page, when } from '../ui.js';
import { apiPath } from '../../api/client.js';

export const FORM_TYPE_LABELS: Record<number, string> = {
  [FormType.FORM_BLOCK]: 'Form block',
  [FormType.NEWSLETTER_BLOCK]: 'Newsletter',
  [FormType.PRODUCT_WAITLIST]: 'Product waitlist',
  [FormType.PROMO_POPUP]: 'Promotional pop-up',
  [FormType.ADDITIONAL_FIELDS]: 'Product additional fields',
};

export function FormsScreen() {
  const { can } = useSession();
  const forms = useApi<{ forms: FormDefinition[] }>(apiPath('/rest/forms/definitions'));
  return (
    <Page title="Forms">
      <Loaded resource={forms}>
        {(data) =>
          data.forms.length === 0 ? (
            <p>No forms yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Form</th>
                  <th>Kind</th>
                  <th>Fields</th>
                  <th>Changed</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {data.forms.map((form) => (
                  <tr key={form.id}>
                    <td>
                      <Link to={`/forms/${form.id}`}>{form.settings.name}</Link>
                    </td>
                    <td>{FORM_TYPE_LABELS[form.settings.formType] ?? form.settings.formType}</td>
                    <td>{form.settings.build.fields.length}</td>
                    <td>{when(form.updatedAt)}</td>
                    <td>{can(Permission.FORM_SUBMISSIONS_READ) ? <Link to={`/forms/${form.id}/submissions`}>Submissions</Link> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      {can(Permission.CONTENT_EDIT) ? <NewForm /> : null}
    </Page>
  );
}

function NewForm() {
  const [name, setName] = useState('');
  const [formType, setFormType] = useState<number>(FormType.FORM_BLOCK);
  const action = useAction();
  const create = async (event: FormEvent) => {
    event.preventDefault();
    const form = await action.run(() => api<FormDefinition>('POST', apiPath('/rest/forms/definitions'), { name: name.trim(), formType }));
    if (form) navigate(`/forms/${form.id}`, { force: true });
  };
  return (
    <form className="stack" onSubmit={(e) => void create(e)}>
      <h2>New form</h2>
      <div className="row">
        <Field label="Form name">
          <input value={name} required maxLength={200} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Kind">
          <select value={formType} onChange={(e) => setFormType(Number(e.target.value))}>
            {Object.entries(FORM_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Outcome action={action} />
      <button type="submit" className="primary" disabled={action.busy}>
        Create form
      </button>
    </form>
  );
}
