// The owner admin app's shell: it asks who is signed in, offers the owner sign-in when nobody is,
// and shows the signed-in owner with what their roles allow on this website. The panels of the
// admin app hang off this shell.
import { useEffect, useState, type FormEvent } from 'react';
import { roleName, type OwnerSessionInfo } from '@sc/contracts';
import { api, ApiError } from '../lib/api.js';

type State = { kind: 'loading' } | { kind: 'signed-out'; error?: string } | { kind: 'signed-in'; session: OwnerSessionInfo };

export function AdminApp() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    api<OwnerSessionInfo>('GET', '/api/auth/session').then(
      (session) => setState(session.authenticated ? { kind: 'signed-in', session } : { kind: 'signed-out' }),
      (error: unknown) => setState({ kind: 'signed-out', error: error instanceof Error ? error.message : String(error) }),
    );
  }, []);

  if (state.kind === 'loading') return <p aria-busy="true">Loading…</p>;
  if (state.kind === 'signed-out') return <SignIn error={state.error} onSignedIn={(session) => setState({ kind: 'signed-in', session })} />;
  return <Dashboard session={state.session} onSignedOut={() => setState({ kind: 'signed-out' })} />;
}

function SignIn({ error, onSignedIn }: { error?: string; onSignedIn: (session: OwnerSessionInfo) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState(error);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      onSignedIn(await api<OwnerSessionInfo>('POST', '/api/auth/session', { email, password, rememberMe: false }));
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main>
      <h1>Sign in to manage your site</h1>
      <form onSubmit={(event) => void submit(event)}>
        <label>
          Email
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          Password
          <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {problem ? <p role="alert">{problem}</p> : null}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

function Dashboard({ session, onSignedOut }: { session: OwnerSessionInfo; onSignedOut: () => void }) {
  const [problem, setProblem] = useState<string>();
  const signOut = async () => {
    try {
      await api('DELETE', '/api/auth/session');
      onSignedOut();
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <main>
      <h1>Site admin</h1>
      <p>
        Signed in as <strong>{session.email}</strong> on website <code>{session.websiteId}</code>, role:{' '}
        {session.roles.map((role) => roleName(role)).join(', ') || 'none'}.
      </p>
      <h2>What you may do here</h2>
      <ul>
        {session.permissions.map((permission) => (
          <li key={permission}>{permission}</li>
        ))}
      </ul>
      {problem ? <p role="alert">{problem}</p> : null}
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </main>
  );
}
