// Member areas: each area with how it is joined, what it gates and how many members it has; a new
// area is made here, and each opens to its own screen (members, changes).
import { useState } from 'react';
import { Permission, type MemberArea, type MemberAreaBody } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { Link, navigate } from '../router.js';
import { useSession } from '../session.js';
import { Loaded, Outcome, Page } from '../ui.js';
import { CommunityTabs, contentBase } from './CommunityTabs.js';
import { emptyArea, MemberAreaForm } from './MemberAreaForm.js';

export function MemberAreasScreen() {
  const { websiteId, can } = useSession();
  const base = contentBase(websiteId);
  const areas = useApi<{ memberAreas: MemberArea[] }>(`${base}/member-areas`);
  const action = useAction();
  const [adding, setAdding] = useState(false);
  const edit = can(Permission.CONTENT_EDIT);

  const create = async (body: MemberAreaBody) => {
    const created = await action.run(() => api<MemberArea>('POST', `${base}/member-areas`, body), 'Member area created');
    if (created) navigate(`/community/member-areas/${created.id}`, { force: true });
  };

  return (
    <Page
      title="Member areas"
      actions={
        edit && !adding ? (
          <button type="button" onClick={() => setAdding(true)}>
            New member area
          </button>
        ) : undefined
      }
    >
      <CommunityTabs />
      <Outcome action={action} />
      {adding ? (
        <section aria-label="New member area">
          <h2>New member area</h2>
          <MemberAreaForm
            initial={emptyArea()}
            submitLabel="Create member area"
            busy={action.busy}
            onSubmit={(body) => void create(body)}
          />
        </section>
      ) : null}
      <Loaded resource={areas}>
        {(data) =>
          data.memberAreas.length === 0 ? (
            <p>No member areas yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Title</th>
                  <th>Plan</th>
                  <th>Pages</th>
                  <th>Members</th>
                </tr>
              </thead>
              <tbody>
                {data.memberAreas.map((area) => (
                  <tr key={area.id}>
                    <td>
                      <Link to={`/community/member-areas/${area.id}`}>{area.title}</Link>
                    </td>
                    <td>
                      {area.access === 'paid'
                        ? `Paid (${area.planProductIds.length} ${area.planProductIds.length === 1 ? 'plan' : 'plans'})`
                        : 'Free'}
                    </td>
                    <td>{area.collectionIds.length}</td>
                    <td>{area.access === 'paid' ? area.memberCount : `${area.memberCount} by hand; every signed-in visitor`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </Page>
  );
}
