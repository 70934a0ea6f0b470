// The team: the website's members (owner accounts) and their roles, and the API keys panel
// (SPEC 2): a new key is shown once, in the answer that made it, never again.
import { useState, type FormEvent } from 'react';
import { API_KEY_SCOPES, Permission, Role, roleName, type ApiKey, type ApiKeyCreated, type Member } from '@sc/contracts';
import { api, useAction, useApi } from './data.js';
import { emailProblem } from './forms-kit.js';
import { useSession } from './session.js';
import { Check, Field, Loaded, Outcome, Page, useConfirm, when } from './ui.js';
import { apiPath } from '../api/client.js';

const ROLES = Object.values(Role).filter((r) => r !== Role.NONE);

export function TeamScreen() {
  const { can } = useSession();
  return (
    <Page title="Team">
      {can(Permission.MEMBERS_READ) ? <Members /> : null}
      {can(Permission.API_KEYS_MANAGE) ? <ApiKeys /> : null}
    </Page>
  );
}

function Members() {
  const { can, info } = useSession();
  const manage = can(Permission.MEMBERS_MANAGE);
  const members = useApi<{ members: Member[] }>(apiPath('/auth/members'));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<number>(Role.EDITOR);
  const action = useAction({ invalidates: [apiPath('/auth/members')] });
  const { modal, confirm } = useConfirm();
  const problem = email.trim() ? emailProblem(email) : undefined;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) return action.fail(problem);
    const added = await action.run(() => api('POST', apiPath('/auth/members'), { email: email.trim(), roles: [role] }), 'Member added');
    if (added) setEmail('');
  };
  const setRoles = async (member: Member, roles: number[]) => {
    await action.run(() => api('PUT', apiPath('/auth/members/{ownerId}', { ownerId: member.ownerId }), { roles }), 'Roles saved');
  };
  const remove = async (member: Member) => {
    if (!(await confirm({ title: 'Remove member', message: `Remove ${member.email} from this website?`, confirmLabel: 'Remove' }))) return;
    await action.run(() => api('DELETE', apiPath('/auth/members/{ownerId}', { ownerId: member.ownerId })), 'Member removed');
  };

  return (
    <section aria-labelledby="members-title" className="stack">
      <h2 id="members-title">Members</h2>
      <Loaded resource={members}>
        {(data) => (
          <table>
            <thead>
              <tr>
                <th>Member</th>
                <th>Role</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.members.map((member) => (
                <tr key={member.ownerId} aria-label={`Member ${member.email}`}>
                  <td>
                    {member.email}
                    {member.name ? <span className="hint"> {member.name}</span> : null}
                  </td>
                  <td>
                    {manage && member.ownerId !== info.ownerId ? (
                      <select
                        aria-label={`Role of ${member.email}`}
                        value={member.roles[0] ?? Role.VIEWER}
                        onChange={(e) => void setRoles(member, [Number(e.target.value)])}
                      >
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {roleName(r)}
                          </option>
                        ))}
                      </select>
                    ) : (
                      member.roles.map((r) => roleName(r)).join(', ')
                    )}
                  </td>
                  <td>
                    {manage && member.ownerId !== info.ownerId ? (
                      <button type="button" className="link" onClick={() => void remove(member)}>
                        Remove
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      <Outcome action={action} />
      {manage ? (
        <form className="row" onSubmit={(e) => void add(e)}>
          <Field label="Member email" hint="They need an owner account first." error={problem}>
            <input value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field label="Role">
            <select aria-label="New member role" value={role} onChange={(e) => setRole(Number(e.target.value))}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleName(r)}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" disabled={action.busy}>
            Add member
          </button>
        </form>
      ) : null}
      {modal}
    </section>
  );
}

function ApiKeys() {
  const { can } = useSession();
  const keys = useApi<{ apiKeys: ApiKey[] }>(apiPath('/auth/api-keys'));
  const grantable = API_KEY_SCOPES.filter((scope) => can(scope));
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Permission[]>([Permission.CONTENT_READ].filter((s) => grantable.includes(s)));
  const [created, setCreated] = useState<ApiKeyCreated>();
  const action = useAction({ invalidates: [apiPath('/auth/api-keys')] });
  const { modal, confirm } = useConfirm();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (scopes.length === 0) return action.fail('Give the key at least one permission.');
    const answer = await action.run(() => api<ApiKeyCreated>('POST', apiPath('/auth/api-keys'), { name: name.trim(), scopes }));
    if (answer) {
      setCreated(answer);
      setName('');
    }
  };
  const revoke = async (key: ApiKey) => {
    if (
      !(await confirm({
        title: 'Revoke API key',
        message: `Revoke ${key.name}? Programs using it stop working at once.`,
        confirmLabel: 'Revoke',
      }))
    )
      return;
    await action.run(() => api('DELETE', apiPath('/auth/api-keys/{apiKeyId}', { apiKeyId: key.id })), 'Key revoked');
  };

  return (
    <section aria-labelledby="keys-title" className="stack">
      <h2 id="keys-title">API keys</h2>
      {created ? (
        <div role="status" className="stack">
          <p>
            <strong>Copy the key {created.name} now: it is shown only this once.</strong>
          </p>
          <code className="key-once" data-testid="new-api-key">
            {created.key}
          </code>
          <button type="button" onClick={() => setCreated(undefined)}>
            I have copied it
          </button>
        </div>
      ) : null}
      <Loaded resource={keys}>
        {(data) =>
          data.apiKeys.length === 0 ? (
            <p>No API keys.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Key</th>
                  <th>Permissions</th>
                  <th>Created</th>
                  <th>Last used</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {data.apiKeys.map((key) => (
                  <tr key={key.id} aria-label={`API key ${key.name}`}>
                    <td>{key.name}</td>
                    <td>
                      <code>{key.prefix}…</code>
                    </td>
                    <td>{key.scopes.join(', ')}</td>
                    <td>{when(key.createdAt)}</td>
                    <td>{key.lastUsedAt ? when(key.lastUsedAt) : 'never'}</td>
                    <td>
                      {key.revokedAt ? (
                        `revoked ${when(key.revokedAt)}`
                      ) : (
                        <button type="button" className="link" onClick={() => void revoke(key)}>
                          Revoke
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      <Outcome action={action} />
      <form className="stack" onSubmit={(e) => void create(e)}>
        <Field label="Key name">
          <input value={name} required maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Field>
        <fieldset>
          <legend>Permissions</legend>
          {grantable.map((scope) => (
            <Check
              key={scope}
              label={scope}
              checked={scopes.includes(scope)}
              onChange={(on) => setScopes(on ? [...scopes, scope] : scopes.filter((s) => s !== scope))}
            />
          ))}
        </fieldset>
        <button type="submit" className="primary" disabled={action.busy}>
          Create API key
        </button>
      </form>
      {modal}
    </section>
  );
}
