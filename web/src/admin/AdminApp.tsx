// The owner admin app's shell: it asks who is signed in, offers the owner sign-in (and sign-up)
// when nobody is (or redeems the website switcher's hand-off when it brought the owner here, or
// asks for the password chosen at sign-up when the sign-up mail's link did), and otherwise shows
// the layout with the screens the owner's roles allow.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { HANDOFF_QUERY, type OwnerSessionInfo } from '@sc/contracts';
import { api, ApiError } from '../lib/api.js';
import { Layout } from './Layout.js';
import { navigate } from './router.js';
import { adminQueryClient } from './query.js';
import { sessionOf, SessionProvider } from './session.js';
import './ds.css';
import { apiPath } from '../api/client.js';

type State = { kind: 'loading' } | { kind: 'signed-out'; error?: string } | { kind: 'signed-in'; info: OwnerSessionInfo };

export function AdminApp() {
  const [signUpToken, setSignUpToken] = useState(signUpLinkToken);
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (signUpToken) return;
    let active = true;
    startingSession().then(
      (info) => active && setState(info.authenticated ? { kind: 'signed-in', info } : { kind: 'signed-out' }),
      (error: unknown) => active && setState({ kind: 'signed-out', error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      active = false;
    };
  }, [signUpToken]);

  const signOut = useCallback(async () => {
    await api('DELETE', apiPath('/auth/session'));
    // The next owner to sign in starts from nothing cached.
    adminQueryClient.clear();
    setState({ kind: 'signed-out' });
  }, []);

  if (signUpToken) {
    return (
      <ConfirmSignUp
        token={signUpToken}
        onSignedIn={(info) => {
          // A new owner starts by making their website (websites/CreateWebsiteScreen.tsx).
          navigate('/websites/new', { replace: true });
          setState({ kind: 'signed-in', info });
          setSignUpToken(undefined);
        }}
        onLeave={() => setSignUpToken(undefined)}
      />
    );
  }
  if (state.kind === 'loading') return <p aria-busy="true">Loading…</p>;
  if (state.kind === 'signed-out') return <SignIn error={state.error} onSignedIn={(info) => setState({ kind: 'signed-in', info })} />;
  return (
    <QueryClientProvider client={adminQueryClient}>
      <SessionProvider value={sessionOf(state.info, signOut)}>
        <Layout />
      </SessionProvider>
    </QueryClientProvider>
  );
}

let starting: Promise<OwnerSessionInfo> | undefined;

/**
 * Who is signed in when the app starts, asked once per page load (a second mount, as StrictMode
 * does, shares the answer). Arriving from the website switcher of another of the owner's websites,
 * the one-time hand-off in the address is redeemed for a session on this domain instead.
 */
function startingSession(): Promise<OwnerSessionInfo> {
  if (!starting) {
    const handoff = takeHandoffToken();
    if (handoff) starting = api<OwnerSessionInfo>('POST', apiPath('/auth/session/handoff'), { token: handoff });
    else starting = api<OwnerSessionInfo>('GET', apiPath('/auth/session'));
  }
  return starting;
}

/** The website switcher's hand-off token in the address, removed from it (and from the history). */
function takeHandoffToken(): string | undefined {
  const url = new URL(window.location.href);
  const token = url.searchParams.get(HANDOFF_QUERY);
  if (token === null) return undefined;
  url.searchParams.delete(HANDOFF_QUERY);
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  return token;
}

/** The token of a mailed link (/config/reset-password?token=..., /config/confirm-sign-up?token=...), removed from the address. */
function takePathToken(ending: string): string | undefined {
  const url = new URL(window.location.href);
  if (!url.pathname.endsWith(ending)) return undefined;
  const token = url.searchParams.get('token') ?? undefined;
  window.history.replaceState(null, '', `${url.pathname.slice(0, -ending.length)}/`);
  return token;
}

const takeResetToken = () => takePathToken('/reset-password');

/** A form's call: busy while it runs, and the server's message as the problem when it fails. */
function useFormCall() {
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submitting = (task: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      await task();
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return { problem, busy, submitting };
}

let signUpLink: { token: string | undefined } | undefined;
/** The sign-up mail's token, taken from the address once per page load (StrictMode mounts twice). */
function signUpLinkToken(): string | undefined {
  signUpLink ??= { token: takePathToken('/confirm-sign-up') };
  return signUpLink.token;
}

/**
 * The sign-up mail's link (/config/confirm-sign-up?token=...): the account is made, and signed in,
 * only with the password chosen at sign-up, so a link someone else started for this address (with
 * a password of their own) makes nothing. A wrong password leaves the link working (up to a few
 * tries); the server's message says which.
 */
function ConfirmSignUp({
  token,
  onSignedIn,
  onLeave,
}: {
  token: string;
  onSignedIn: (session: OwnerSessionInfo) => void;
  onLeave: () => void;
}) {
  const [password, setPassword] = useState('');
  const { problem, busy, submitting } = useFormCall();
  const submit = submitting(async () =>
    onSignedIn(await api<OwnerSessionInfo>('POST', apiPath('/auth/owners/confirm'), { token, password })),
  );
  return (
    <main className="sign-in">
      <h1>Finish signing up</h1>
      <p>
        Enter the password you chose when you signed up to make your owner account. If you did not sign up, leave this page: no account is
        made.
      </p>
      <form onSubmit={(event) => void submit(event)} aria-label="Finish signing up">
        <label>
          Password
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {problem ? <p role="alert">{problem}</p> : null}
        <button type="submit" disabled={busy}>
          {busy ? 'Finishing…' : 'Finish signing up'}
        </button>
      </form>
      <p>
        <button type="button" className="link" onClick={onLeave}>
          Back to sign in
        </button>
      </p>
    </main>
  );
}

/** Forgotten password: ask for a link by email, or choose a new password with the link's token. */
function ResetPassword({ token, onDone }: { token: string | undefined; onDone: (message: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<string>();
  const { problem, busy, submitting } = useFormCall();
  const submit = submitting(async () => {
    if (token)
      onDone((await api<{ message: string }>('POST', apiPath('/auth/owners/password-reset/confirm'), { token, password })).message);
    else setNotice((await api<{ message: string }>('POST', apiPath('/auth/owners/password-reset'), { email })).message);
  });
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={token ? 'Choose a new password' : 'Reset your password'}>
      {token ? (
        <label>
          New password
          <input
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={8}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
      ) : (
        <label>
          Email
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
      )}
      {problem ? <p role="alert">{problem}</p> : null}
      {notice ? <p role="status">{notice}</p> : null}
      <button type="submit" disabled={busy || notice !== undefined}>
        {token ? 'Set new password' : 'Email me a link'}
      </button>
    </form>
  );
}

function SignIn({ error, onSignedIn }: { error?: string; onSignedIn: (session: OwnerSessionInfo) => void }) {
  const [resetToken] = useState(takeResetToken);
  const [mode, setMode] = useState<'sign-in' | 'sign-up' | 'reset'>(resetToken ? 'reset' : 'sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState(error);
  const [busy, setBusy] = useState(false);
  /** After sign-up: what the mail will do (the same words whether or not the address had an account). */
  const [mailed, setMailed] = useState<{ email: string; message: string }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      if (mode === 'sign-in')
        onSignedIn(await api<OwnerSessionInfo>('POST', apiPath('/auth/session'), { email, password, rememberMe: false }));
      else {
        const { message } = await api<{ message: string }>('POST', apiPath('/auth/owners'), {
          email,
          password,
          ...(name.trim() ? { name: name.trim() } : {}),
        });
        setPassword('');
        setMailed({ email, message });
      }
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  if (mailed) {
    return (
      <main className="sign-in">
        <h1>Check your email</h1>
        <p role="status">{mailed.message}</p>
        <p>
          We wrote to <strong>{mailed.email}</strong>. The link in the email works once, within one day. No email after a few minutes? Look
          in your spam folder, or sign up again.
        </p>
        <p>
          <button
            type="button"
            className="link"
            onClick={() => {
              setMailed(undefined);
              setMode('sign-in');
            }}
          >
            Back to sign in
          </button>
        </p>
      </main>
    );
  }
  if (mode === 'reset') {
    return (
      <main className="sign-in">
        <h1>{resetToken ? 'Choose a new password' : 'Reset your password'}</h1>
        <ResetPassword
          token={resetToken}
          onDone={(message) => {
            setProblem(message);
            setMode('sign-in');
          }}
        />
        <p>
          <button type="button" className="link" onClick={() => setMode('sign-in')}>
            Back to sign in
          </button>
        </p>
      </main>
    );
  }
  return (
    <main className="sign-in">
      <h1>{mode === 'sign-in' ? 'Sign in to manage your site' : 'Create an owner account'}</h1>
      <form onSubmit={(event) => void submit(event)}>
        {mode === 'sign-up' ? (
          <label>
            Name
            <input name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
          </label>
        ) : null}
        <label>
          Email
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          Password
          <input
            type="password"
            name="password"
            autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
            required
            minLength={mode === 'sign-up' ? 8 : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {problem ? <p role="alert">{problem}</p> : null}
        <button type="submit" disabled={busy}>
          {mode === 'sign-in' ? (busy ? 'Signing in…' : 'Sign in') : busy ? 'Creating…' : 'Create account'}
        </button>
      </form>
      <p>
        {mode === 'sign-in' ? 'New here? ' : 'Have an account? '}
        <button type="button" className="link" onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}>
          {mode === 'sign-in' ? 'Create an owner account' : 'Sign in instead'}
        </button>
      </p>
      {mode === 'sign-in' ? (
        <p>
          <button type="button" className="link" onClick={() => setMode('reset')}>
            Forgot your password?
          </button>
        </p>
      ) : null}
    </main>
  );
}
