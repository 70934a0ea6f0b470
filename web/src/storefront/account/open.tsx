// The site user's account dialog, opened from the header's account link: sign in (email,
// password, remember me), sign up (which mails a link: "check your email"; the link opens this
// dialog again, which asks for the password chosen at sign-up and then makes the account), and sign out (SPEC 7: DELETE .../session?cloneCart=true,
// repeated once on a crumb failure). After signing in every call carries the session's XSRF token
// and the cart becomes the user's; after signing out the visitor keeps a guest copy of it.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AccountResponse } from '@sc/contracts';
import { createRoot, type Root } from 'react-dom/client';
import { cartStore } from '../lib/cart-store.js';
import { siteUserInfo } from '../lib/dom.js';
import { track } from '../lib/events.js';
import { call, failureFrom, rememberXsrf, RequestFailed } from '../lib/http.js';
import { Modal } from '../lib/modal.js';
import { failureMessage } from '../product/rules.js';
import { apiPath } from '../../api/client.js';
import { money } from '../cart/cart-rules.js';
import { orderStatusUrl } from '../cart/order-paths.js';
import { addressSummary } from '../cart/address-summary.js';

const SESSION = apiPath('/site-users/account/session');

/** SPEC 4 "Logout": a crumb failure is answered by one more try. */
export async function signOut(): Promise<void> {
  const attempt = () => call('DELETE', `${SESSION}?cloneCart=true`);
  try {
    await attempt();
  } catch (error) {
    if (!(error instanceof RequestFailed) || !error.failure.crumbFail) throw error;
    await attempt();
  }
  rememberXsrf(undefined);
}

/** The signed-in buyer's orders (status, total, lines, tracking, a link to each) and saved addresses. */
function AccountOrders() {
  const [account, setAccount] = useState<AccountResponse | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    call<AccountResponse>('GET', apiPath('/commerce/account')).then(setAccount, () => setFailed(true));
  }, []);
  if (failed) return <p className="form-error">Your orders could not be loaded. Please try again.</p>;
  if (!account) return <p aria-busy="true">Loading your orders…</p>;
  return (
    <div className="account-details">
      <h3>Your orders</h3>
      {account.orders.length === 0 ? (
        <p className="account-no-orders">No orders yet.</p>
      ) : (
        <ul className="account-orders">
          {account.orders.map((order) => (
            <li key={order.id}>
              <a href={orderStatusUrl(order.id, order.receiptToken)}>Order #{order.orderNumber}</a> · {order.status} ·{' '}
              {money(Number(order.grandTotal.value), order.grandTotal.currency)} · {new Date(order.createdAt).toLocaleDateString()}
              <div className="account-order-lines">{order.lines.join('; ')}</div>
              {order.tracking && (
                <div className="account-order-tracking">
                  Tracking: {[order.tracking.carrier, order.tracking.number].filter(Boolean).join(' ')}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>Saved addresses</h3>
      {account.addresses.length === 0 ? (
        <p>Addresses you ship to are kept here for your next checkout.</p>
      ) : (
        <ul className="account-addresses">
          {account.addresses.map((address, index) => (
            <li key={index}>{addressSummary(address)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Mode = 'sign-in' | 'sign-up' | 'check-email' | 'forgot' | 'new-password' | 'confirm-sign-up';

/** The tokens of the mailed links that open the dialog: a password reset, or the end of a sign-up. */
export interface AccountLinks {
  resetToken?: string;
  signUpToken?: string;
}

function AccountDialog({ onClose, links }: { onClose: () => void; links: AccountLinks }) {
  const { resetToken, signUpToken } = links;
  const [signedIn, setSignedIn] = useState(siteUserInfo().authenticated && !resetToken && !signUpToken);
  const [mode, setMode] = useState<Mode>(resetToken ? 'new-password' : signUpToken ? 'confirm-sign-up' : 'sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (failure) {
      setError(failureMessage(failureFrom(failure), navigator.cookieEnabled));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (mode === 'forgot') {
        // The same answer whether or not the address has an account.
        setNotice((await call<{ message: string }>('POST', apiPath('/auth/site-users/password-reset'), { email })).message);
        return;
      }
      if (mode === 'new-password') {
        setNotice(
          (await call<{ message: string }>('POST', apiPath('/auth/site-users/password-reset/confirm'), { token: resetToken, password }))
            .message,
        );
        setPassword('');
        setMode('sign-in');
        return;
      }
      if (mode === 'confirm-sign-up') {
        // The sign-up mail's link makes the account only with the password chosen at sign-up, so a
        // link someone else started for this address makes nothing; a wrong one leaves the link
        // working for a few more tries (the server's message says so).
        const { xsrfToken } = await call<{ xsrfToken: string }>('POST', apiPath('/auth/site-users/confirm'), {
          token: signUpToken,
          password,
          rememberMe: remember,
        });
        rememberXsrf(xsrfToken);
        track('CompleteRegistration', {});
        setPassword('');
        setSignedIn(true);
        setNotice('Your account is ready and you are signed in.');
        await cartStore.load(true);
        return;
      }
      if (mode === 'sign-up') {
        // The same answer whether or not the address has an account: the mail says what comes next.
        setNotice(
          (
            await call<{ message: string }>('POST', apiPath('/auth/site-users'), {
              email,
              password,
              ...(name.trim() ? { name: name.trim() } : {}),
            })
          ).message,
        );
        setPassword('');
        setMode('check-email');
        return;
      }
      const { xsrfToken } = await call<{ xsrfToken: string }>('POST', SESSION, { email, password, rememberMe: remember });
      rememberXsrf(xsrfToken);
      setPassword('');
      setSignedIn(true);
      setNotice('You are signed in.');
      await cartStore.load(true);
    });
  };

  const onSignOut = () =>
    void run(async () => {
      await signOut();
      setSignedIn(false);
      setNotice('You are signed out.');
      await cartStore.load(true);
    });

  const title = signedIn
    ? 'Your account'
    : {
        'sign-in': 'Sign in',
        'sign-up': 'Create an account',
        'check-email': 'Check your email',
        forgot: 'Reset your password',
        'new-password': 'Choose a new password',
        'confirm-sign-up': 'Finish signing up',
      }[mode];
  return (
    <Modal title={title} className="sc-account" onClose={onClose} closeOnOutsideClick>
      {notice && (
        <p className="account-notice" role="status">
          {notice}
        </p>
      )}
      {signedIn ? (
        <>
          <AccountOrders />
          <div className="sc-modal-actions">
            <button type="button" className="sc-button secondary" onClick={onClose}>
              Close
            </button>
            <button type="button" className="sc-button" disabled={busy} onClick={onSignOut}>
              Sign out
            </button>
          </div>
        </>
      ) : mode === 'check-email' ? (
        <>
          <p>
            We wrote to <strong>{email}</strong>. Open the link in the email to finish: it works once, within one day. No email after a few
            minutes? Look in your spam folder, or sign up again.
          </p>
          <div className="sc-modal-actions">
            <button type="button" className="sc-button secondary" onClick={() => setMode('sign-in')}>
              I have an account
            </button>
            <button type="button" className="sc-button" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : (
        <form className="sc-form account-form" noValidate onSubmit={onSubmit}>
          {mode === 'confirm-sign-up' && (
            <p>Enter the password you chose when you signed up. If you did not sign up, close this: no account is made.</p>
          )}
          {mode === 'sign-up' && (
            <div className="form-item">
              <label className="title" htmlFor={`${id}-name`}>
                Name
              </label>
              <input id={`${id}-name`} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
            </div>
          )}
          {mode !== 'new-password' && mode !== 'confirm-sign-up' && (
            <div className="form-item">
              <label className="title" htmlFor={`${id}-email`}>
                Email
              </label>
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                data-autofocus
              />
            </div>
          )}
          {mode !== 'forgot' && (
            <div className="form-item">
              <label className="title" htmlFor={`${id}-password`}>
                Password
              </label>
              <input
                id={`${id}-password`}
                type="password"
                autoComplete={mode === 'sign-in' || mode === 'confirm-sign-up' ? 'current-password' : 'new-password'}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                data-autofocus={mode === 'confirm-sign-up' || mode === 'new-password' || undefined}
              />
            </div>
          )}
          {(mode === 'sign-in' || mode === 'sign-up' || mode === 'confirm-sign-up') && (
            <label className="option">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember me
            </label>
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {mode === 'sign-in' && (
            <button type="button" className="link forgot-password" onClick={() => setMode('forgot')}>
              Forgot your password?
            </button>
          )}
          <div className="sc-modal-actions">
            <button type="button" className="sc-button secondary" onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}>
              {mode === 'sign-in' ? 'Create an account' : 'I have an account'}
            </button>
            <button type="submit" className="sc-button" disabled={busy}>
              {
                {
                  'sign-in': 'Sign in',
                  'sign-up': 'Sign up',
                  'check-email': '',
                  forgot: 'Email me a link',
                  'new-password': 'Set new password',
                  'confirm-sign-up': 'Finish signing up',
                }[mode]
              }
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

let root: Root | undefined;
let host: HTMLElement | undefined;

/** Opens the account dialog (once at a time); closing gives focus back to the link. */
export function openAccount(link: HTMLElement, links: AccountLinks = {}): void {
  if (root) return;
  host = document.createElement('div');
  host.className = 'sc-account-host';
  document.body.append(host);
  root = createRoot(host);
  const close = () => {
    root?.unmount();
    host?.remove();
    root = undefined;
    host = undefined;
    link.focus();
  };
  root.render(<AccountDialog onClose={close} links={links} />);
}
