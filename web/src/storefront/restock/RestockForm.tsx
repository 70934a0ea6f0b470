// The restock form (SPEC 4 "Restock form"): for the sold-out variant the product form has chosen
// (or the product's only one), an email field, the optional mailing-list checkbox and, when the
// site asks for one, the captcha. idle → validating → error shown, or submitted: the form is
// replaced by the site's success text or 'Signed up!' and the captcha is dropped; a failure
// shows the server's message and resets the captcha.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormMessages, RestockMessages, restockEmailError, type RestockFormData } from '@sc/contracts';
import { chosenVariant, VARIANT_CHANGE, type VariantChange } from '../lib/events.js';
import { call, failureFrom } from '../lib/http.js';
import { apiPath } from '../../api/client.js';

export type RestockState = 'idle' | 'validating' | 'error' | 'submitted';

const RESTOCK_PATH = apiPath('/site-users/account/notifications/restock');

/** A solved captcha for the restock service (its code loads only when a site asks for one). */
async function solveCaptcha(): Promise<string> {
  const { captchaToken, RESTOCK_CHALLENGE } = await import('../forms/captcha.js');
  return captchaToken(RESTOCK_CHALLENGE);
}

/** The variant the form is for: the chosen one, or the only one. */
function variantFor(data: RestockFormData, chosen: string | null): RestockFormData['variants'][number] | undefined {
  if (chosen) return data.variants.find((v) => v.id === chosen);
  return data.variants.length === 1 ? data.variants[0] : undefined;
}

export function RestockForm({ data }: { data: RestockFormData }) {
  const [chosen, setChosen] = useState<string | null>(() => chosenVariant(data.productId));
  const [email, setEmail] = useState('');
  const [join, setJoin] = useState(data.mailingList?.checkedByDefault ?? false);
  const [state, setState] = useState<RestockState>('idle');
  const [message, setMessage] = useState('');
  // The site asked for a captcha (the signup answered that one is needed): solved with the next try.
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const id = useId();

  useEffect(() => {
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<VariantChange>).detail;
      if (detail.itemId !== data.productId) return;
      setChosen(detail.variantId);
      if (state !== 'submitted') {
        setState('idle');
        setMessage('');
      }
    };
    window.addEventListener(VARIANT_CHANGE, onChange);
    return () => window.removeEventListener(VARIANT_CHANGE, onChange);
  }, [data.productId, state]);

  const variant = variantFor(data, chosen);
  if (state === 'submitted') {
    return (
      <div className="product-restock-notification submitted" role="status">
        {message}
      </div>
    );
  }
  if (!variant?.soldOut) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'validating') return;
    setState('validating');
    const problem = restockEmailError(email);
    if (problem) {
      setMessage(problem);
      setState('error');
      return;
    }
    const send = async (captcha?: string) =>
      call<{ success: true; message: string }>('POST', RESTOCK_PATH, {
        isJoinMailingList: data.mailingList?.enabled ? join : false,
        productId: data.productId,
        variantId: variant.id,
        siteVisitorEmail: email.trim(),
        ...(captcha ? { captchaToken: captcha } : {}),
        language: document.documentElement.lang || navigator.language,
      });
    try {
      let answer: { message: string };
      try {
        answer = await send(captchaNeeded ? await solveCaptcha() : undefined);
      } catch (error) {
        // The site turned its captcha on: solve one and try once more.
        if (failureFrom(error).message !== FormMessages.captchaRequired || captchaNeeded) throw error;
        setCaptchaNeeded(true);
        answer = await send(await solveCaptcha());
      }
      setMessage(answer.message || data.successText || RestockMessages.signedUp);
      setState('submitted');
    } catch (error) {
      const failure = failureFrom(error);
      setMessage(failure.message || RestockMessages.submitFailed);
      setState('error');
    }
  };

  return (
    <form
      className={`product-restock-notification sc-restock state-${state}`}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      data-product-id={data.productId}
      data-variant-id={variant.id}
    >
      <p className="restock-title">This item is sold out. Leave your email and we will let you know when it is back.</p>
      <label htmlFor={`${id}-email`}>Email Address</label>
      <div className="restock-row">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={state === 'error' || undefined}
          aria-describedby={state === 'error' ? `${id}-error` : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="sc-button" disabled={state === 'validating'}>
          Notify me
        </button>
      </div>
      {data.mailingList?.enabled && (
        <label className="restock-join">
          <input type="checkbox" checked={join} onChange={(event) => setJoin(event.target.checked)} /> Sign up for news and updates
        </label>
      )}
      {captchaNeeded && <p className="captcha-badge">Protected by a proof-of-work check: no puzzle to solve.</p>}
      {state === 'error' && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}
