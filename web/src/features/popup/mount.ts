// The popup overlay island (slide type popup-overlay): after the owner's delay it opens a dialog —
// a newsletter signup (the forms service's newsletter form, with the built-in captcha) or a
// promotion with a button — unless the SPEC 3 local storage (closed-date, version, submitted)
// says this visitor has closed or answered this version. Each showing, closing and answer is told
// to the census overlay call. Escape and the close button close it; focus is kept inside.
import { FormMessages, PopupStorageKeys, type PopupOverlayData } from '@sc/contracts';
import { captchaToken } from '../../storefront/forms/captcha.js';
import { islandData } from '../../storefront/lib/dom.js';
import { call, failureFrom } from '../../storefront/lib/http.js';
import { closedState, shouldShow, storageKey, submittedState, type StoredPopupState } from './rules.js';
import './popup.css';
import { apiPath } from '../../api/client.js';

type OverlayAction = 'shown' | 'closed' | 'submitted';

function readState(websiteId: string): StoredPopupState {
  try {
    return {
      closedDate: localStorage.getItem(storageKey(websiteId, PopupStorageKeys.closedDate)),
      version: localStorage.getItem(storageKey(websiteId, PopupStorageKeys.version)),
      submitted: localStorage.getItem(storageKey(websiteId, PopupStorageKeys.submitted)),
    };
  } catch {
    // SPEC 8: storage unavailable; the popup then shows as to a new visitor.
    console.warn('Unable access local/session storage.');
    return { closedDate: null, version: null, submitted: null };
  }
}

function writeState(websiteId: string, state: StoredPopupState): void {
  try {
    const set = (key: (typeof PopupStorageKeys)[keyof typeof PopupStorageKeys], value: string | null) => {
      if (value === null) localStorage.removeItem(storageKey(websiteId, key));
      else localStorage.setItem(storageKey(websiteId, key), value);
    };
    set(PopupStorageKeys.closedDate, state.closedDate);
    set(PopupStorageKeys.version, state.version);
    set(PopupStorageKeys.submitted, state.submitted);
  } catch {
    console.warn('Unable access local/session storage.');
  }
}

/** The census overlay call (SPEC 7 POST /api/census/overlay); failures are the tracker's warnings only. */
function census(data: PopupOverlayData, action: OverlayAction): void {
  call(
    'POST',
    apiPath('/census/overlay'),
    { websiteId: data.websiteId, url: location.href.slice(0, 2082), title: document.title.slice(0, 500), blockId: 'popup-overlay', action },
    { keepalive: true },
  ).catch(() => undefined);
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** Opens the popup now. */
export function openPopup(data: PopupOverlayData, now: () => number = Date.now): void {
  const { popup } = data;
  const previousFocus = document.activeElement as HTMLElement | null;
  const titleId = 'sc-popup-title';
  const dialog = element('div', { className: 'sc-popup' });
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', titleId);
  const backdrop = element('div', { className: 'sc-popup-backdrop' }, dialog);
  const close = (action: 'closed' | 'submitted' | null) => {
    backdrop.remove();
    document.removeEventListener('keydown', onKey);
    if (action === 'closed') {
      writeState(data.websiteId, closedState(popup, now()));
      census(data, 'closed');
    }
    previousFocus?.focus?.();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close('closed');
    if (event.key === 'Tab') {
      const focusable = [...dialog.querySelectorAll<HTMLElement>('button, a[href], input')].filter((e) => !e.hasAttribute('disabled'));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };
  const closeButton = element('button', { type: 'button', className: 'sc-popup-close', textContent: '×' });
  closeButton.setAttribute('aria-label', 'Close');
  closeButton.addEventListener('click', () => close('closed'));
  backdrop.addEventListener('click', (event) => {
    if (event.target === backdrop) close('closed');
  });
  dialog.append(closeButton, element('h2', { id: titleId, textContent: popup.title }));
  if (popup.body) dialog.append(element('p', { className: 'sc-popup-body', textContent: popup.body }));

  const answered = () => {
    writeState(data.websiteId, submittedState(popup, now()));
    census(data, 'submitted');
  };
  if (popup.kind === 'promotion' && popup.buttonUrl) {
    const link = element('a', { className: 'sc-popup-button', href: popup.buttonUrl, textContent: popup.buttonText });
    link.addEventListener('click', answered);
    dialog.append(element('p', {}, link));
  } else if (data.subscribePath) {
    const subscribePath = data.subscribePath;
    const email = element('input', { type: 'email', name: 'email', required: true, placeholder: 'Email address', autocomplete: 'email' });
    email.setAttribute('aria-label', 'Email address');
    const submit = element('button', { type: 'submit', className: 'sc-popup-button', textContent: popup.buttonText });
    const error = element('p', { className: 'sc-popup-error', hidden: true });
    error.setAttribute('role', 'alert');
    const form = element('form', { noValidate: true }, email, submit, error);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submit.disabled = true;
      error.hidden = true;
      void (async () => {
        try {
          // SPEC 7 captcha action type: promo popup submissions.
          const captchaKey = await captchaToken(data.challengePath);
          await call('POST', subscribePath, { email: email.value.trim(), captchaKey });
          answered();
          form.replaceWith(element('p', { className: 'sc-popup-done', textContent: 'Thank you! Please check your inbox to confirm.' }));
        } catch (failure) {
          const f = failureFrom(failure);
          error.textContent = f.errors?.email ?? (f.message || FormMessages.unknownError);
          error.hidden = false;
          submit.disabled = false;
        }
      })();
    });
    dialog.append(form);
  }
  document.addEventListener('keydown', onKey);
  document.body.append(backdrop);
  (dialog.querySelector<HTMLElement>('input, a[href]') ?? closeButton).focus();
  census(data, 'shown');
}

/** The island: reads its data, and opens the popup after the delay when the visitor should see it. */
export function mount(): void {
  const data = islandData<PopupOverlayData>('popup-overlay');
  if (!data || !shouldShow(readState(data.websiteId), data.popup, Date.now())) return;
  setTimeout(() => openPopup(data), data.popup.delaySeconds * 1000);
}
