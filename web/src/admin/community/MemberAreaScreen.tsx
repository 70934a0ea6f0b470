// One member area: its settings (what it gates, free or paid and its plans), its members (those
// who bought a plan, and those the owner let in by hand) with grant and revoke, and deleting it,
// which opens its pages to everyone.
import { useState, type FormEvent } from 'react';
import { Permission, type MemberArea, type MemberAreaBody, type MemberGrant } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { navigate } from '../router.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome, Page, useConfirm, when } from '../ui.js';
import { CommunityTabs, contentBase } from './CommunityTabs.js';
import { bodyOf, MemberAreaForm } from './MemberAreaForm.js';

function Members({ areaUrl, edit }: { areaUrl: string; edit: boolean }) {
  const members = useApi<{ members: MemberGrant[] }>(`${areaUrl}/members`);
  const action = useAction({ invalidates: [`${areaUrl}/members`] });
  const { modal, confirm } = useConfirm();
  const [siteUserId, setSiteUserId] = useState('');

  const grant = async (event: FormEvent) => {
    event.preventDefault();
    const done = await action.run(
      () => api<MemberGrant>('POST', `${areaUrl}/members`, { siteUserId: siteUserId.trim() }),
      'Access granted',
    );
    if (done) setSiteUserId('');
  };
  const revoke = async (member: MemberGrant) => {
    if (
      !(await confirm({
        title: 'Revoke access',
        message: `Take access away from ${member.siteUserId}?`,
        confirmLabel: 'Revoke',
        cancelLabel: 'Keep',
      }))
    )
      return;
    await action.run(async () => {
      await api('DELETE', `${areaUrl}/members/${encodeURIComponent(member.siteUserId)}`);
      return true;
    }, 'Access revoked');
  };

  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title">Members</h2>
      <Outcome action={action} />
      {edit ? (
        <form className="inline-form" onSubmit={(e) => void grant(e)}>
          <Field label="Site user id" hint="The id of the visitor's site account.">
            <input value={siteUserId} required pattern="[A-Za-z0-9_\-]{1,64}" onChange={(e) => setSiteUserId(e.target.value)} />
          </Field>
          <button type="submit" disabled={action.busy}>
            Grant access
          </button>
        </form>
      ) : null}
      <Loaded resource={members}>
        {(data) =>
          data.members.length === 0 ? (
            <p>No members yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Site user</th>
                  <th>How</th>
                  <th>Since</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {data.members.map((m) => (
                  <tr key={m.siteUserId} aria-label={`Member ${m.siteUserId}`}>
                    <td>{m.siteUserId}</td>
                    <td>
                      {m.source === 'owner'
                        ? 'Granted by hand'
                        : m.subscriptionId
                          ? `Subscription (order ${m.orderId ?? ''})`
                          : `Order ${m.orderId ?? ''}`}
                    </td>
                    <td>{when(m.grantedOn)}</td>
                    <td>
                      {edit ? (
                        <button type="button" className="link danger" disabled={action.busy} onClick={() => void revoke(m)}>
                          Revoke
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      {modal}
    </section>
  );
}

export function MemberAreaScreen({ memberAreaId }: { memberAreaId: string }) {
  const { websiteId, can } = useSession();
  const areaUrl = `${contentBase(websiteId)}/member-areas/${encodeURIComponent(memberAreaId)}`;
  const area = useApi<MemberArea>(areaUrl);
  const action = useAction();
  const { modal, confirm } = useConfirm();
  const edit = can(Permission.CONTENT_EDIT);

  const save = async (body: MemberAreaBody) => {
    const saved = await action.run(() => api<MemberArea>('PUT', areaUrl, body), 'Member area saved');
    if (saved) area.set(saved);
  };
  const remove = async (current: MemberArea) => {
    if (
      !(await confirm({
        title: 'Delete member area',
        message: `Delete “${current.title}”? Its pages are then open to every visitor.`,
        confirmLabel: 'Delete',
        cancelLabel: 'Keep it',
      }))
    )
      return;
    const done = await action.run(async () => {
      await api('DELETE', areaUrl);
      return true;
    });
    if (done) navigate('/community/member-areas', { force: true });
  };

  return (
    <Page
      title={area.data?.title ?? 'Member area'}
      actions={
        edit && area.data ? (
          <button type="button" className="danger" onClick={() => void remove(area.data!)}>
            Delete member area
          </button>
        ) : undefined
      }
    >
      <CommunityTabs />
      <Outcome action={action} />
      <Loaded resource={area}>
        {(data) => (
          <>
            {edit ? (
              <section aria-label="Settings">
                <h2>Settings</h2>
                <MemberAreaForm
                  key={data.updatedOn}
                  initial={bodyOf(data)}
                  submitLabel="Save member area"
                  busy={action.busy}
                  onSubmit={(body) => void save(body)}
                />
              </section>
            ) : (
              <p>
                {data.access === 'paid' ? 'Paid plan' : 'Free plan'} · {data.collectionIds.length} pages
              </p>
            )}
            <Members areaUrl={areaUrl} edit={edit} />
          </>
        )}
      </Loaded>
      {modal}
    </Page>
  );
}
