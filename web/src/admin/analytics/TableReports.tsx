// The tabled reports: form conversion (with the forms' names when the role may read them),
// JavaScript errors and web vitals.
import { Permission, type ErrorsReport, type FormDefinition, type FormsReport, type VitalsReport } from '@sc/contracts';
import { useApi } from '../data.js';
import { useSession } from '../session.js';
import { Loaded } from '../ui.js';
import { percent } from './charts.js';
import { ReportSection, ReportTable, useReport } from './report-kit.js';
import { apiPath } from '../../api/client.js';

export function TableReports({ query }: { query: string }) {
  const forms = useReport<FormsReport>('forms', query);
  const errors = useReport<ErrorsReport>('errors', query);
  const vitals = useReport<VitalsReport>('vitals', query);
  // Form names, when the role may read the forms (the report knows only their ids).
  const { can } = useSession();
  const formList = useApi<{ forms: FormDefinition[] }>(can(Permission.CONTENT_READ) ? apiPath('/rest/forms/definitions') : null);
  const formName = (id: string): string => formList.data?.forms.find((f) => f.id === id)?.settings.name ?? id;
  return (
    <>
      <ReportSection id="forms" title="Form conversion">
        <Loaded resource={forms}>
          {(r) =>
            r.forms.length === 0 ? (
              <p className="hint">No form activity in these days.</p>
            ) : (
              <ReportTable
                headers={['Form', 'Views', 'Submissions', 'Conversion']}
                rows={r.forms.map((f) => ({
                  key: f.formId,
                  cells: [formName(f.formId), f.views, f.submissions, percent(f.conversionRate)],
                }))}
              />
            )
          }
        </Loaded>
      </ReportSection>
      <ReportSection id="errors" title="JavaScript errors">
        <Loaded resource={errors}>
          {(r) =>
            r.errors.length === 0 ? (
              <p className="hint">No errors reported in these days.</p>
            ) : (
              <ReportTable
                headers={['Error', 'Where', 'Count', 'Last seen']}
                rows={r.errors.map((e) => ({
                  key: e.fingerprint,
                  cells: [
                    <>
                      {e.name}: {e.message}
                    </>,
                    e.source ?? '—',
                    e.count,
                    e.lastDay,
                  ],
                }))}
              />
            )
          }
        </Loaded>
      </ReportSection>
      <ReportSection id="vitals" title="Web vitals (75th percentile)">
        <Loaded resource={vitals}>
          {(r) => {
            const all = r.metrics.filter((m) => m.device === 'all');
            if (all.every((m) => m.samples === 0)) return <p className="hint">No page-speed samples in these days.</p>;
            return (
              <ReportTable
                headers={['Metric', 'p75', 'Samples', 'Rating']}
                rows={all.map((m) => ({
                  key: m.metric,
                  cells: [
                    m.metric,
                    m.p75 === null ? '—' : m.metric === 'CLS' ? m.p75.toFixed(2) : `${Math.round(m.p75)} ms`,
                    m.samples,
                    m.rating ?? '—',
                  ],
                }))}
              />
            );
          }}
        </Loaded>
      </ReportSection>
    </>
  );
}
