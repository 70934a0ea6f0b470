// A form's submissions: newest first, searchable, one column per field, paged, and the CSV export
// (the same search) the forms service produces.
import { useState } from 'react';
import { Labels, type FieldValue, type FormDefinition, type FormSubmission } from '@sc/contracts';
import { useApi } from '../data.js';
import { usePages } from '../paging.js';
import { Link } from '../router.js';
import { Field, Loaded, Page, Problem, when } from '../ui.js';
import { FormTabs } from './FormBuilder.js';
import { apiPath } from '../../api/client.js';

/** A stored value as one line of text (SPEC 9 'N/A' for an unanswered field). */
export function valueText(value: FieldValue | undefined): string {
  if (value === undefined || value === '' || (Array.isArray(value) && value.every((v) => v === ''))) return Labels.notAnswered;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => v !== '').join(' ');
  return Object.entries(value)
    .map(([statement, answer]) => `${statement}: ${answer}`)
    .join('; ');
}

interface SubmissionPage {
  items: FormSubmission[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export function SubmissionsScreen({ formId }: { formId: string }) {
  const form = useApi<FormDefinition>(apiPath('/rest/forms/definitions/{formId}', { formId }));
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const base = apiPath('/rest/forms/definitions/{formId}/submissions', { formId });
  const pages = usePages<SubmissionPage>(
    `${base}?limit=50${search ? `&q=${encodeURIComponent(search)}` : ''}`,
    (cursor) => `${base}?limit=50&cursor=${encodeURIComponent(cursor)}${search ? `&q=${encodeURIComponent(search)}` : ''}`,
  );

  const exportUrl = `${base}/export${search ? `?q=${encodeURIComponent(search)}` : ''}`;
  return (
    <Page title={form.data ? `${form.data.settings.name}: submissions` : 'Submissions'} actions={<Link to="/forms">All forms</Link>}>
      <FormTabs formId={formId} />
      <form
        className="row"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(query.trim());
        }}
      >
        <Field label="Search submissions">
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </Field>
        <button type="submit">Search</button>
        <a href={exportUrl} download className="button">
          Export CSV
        </a>
      </form>
      <Loaded resource={form}>
        {(definition) => (
          <Loaded resource={pages.first}>
            {(page) => {
              const rows = [...page.items, ...pages.more];
              const fields = definition.settings.build.fields.filter((f) => f.type !== 'section');
              if (rows.length === 0) return <p>No submissions{search ? ' match' : ' yet'}.</p>;
              return (
                <>
                  <table>
                    <thead>
                      <tr>
                        <th>Submitted</th>
                        {fields.map((f) => (
                          <th key={f.id}>{f.title || f.id}</th>
                        ))}
                        <th>Page</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((submission) => (
                        <tr key={submission.id}>
                          <td>{when(submission.createdAt)}</td>
                          {fields.map((f) => (
                            <td key={f.id}>{valueText(submission.values[f.id])}</td>
                          ))}
                          <td>{submission.pagePath ?? '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {pages.hasMore ? (
                    <button type="button" disabled={pages.loadingMore} onClick={pages.loadMore}>
                      Load more
                    </button>
                  ) : null}
                  <Problem message={pages.moreError} />
                </>
              );
            }}
          </Loaded>
        )}
      </Loaded>
    </Page>
  );
}
