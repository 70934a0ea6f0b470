// The storefront's start on a page, whichever island entries the page loads (each entry calls
// boot(); it runs once): every `[data-island]` mount gets its island when the visitor comes near
// it (lib/visible.ts: the first screen, the cart pill and a product's form at once; its code is
// already on the way when the page named the island's entry; otherwise it loads then), the shared
// cart loads when there is one (SPEC 4), the header's cart indicator follows it, the account link
// opens the sign-in dialog, and the tracking client starts once the page has loaded.
import { formatMinorUnits, isCurrencyCode } from '@sc/contracts';
import { cartStore } from './lib/cart-store.js';
import { siteContext } from './lib/dom.js';
import { whenNear } from './lib/visible.js';
import { pillText } from './pill/pill-text.js';

type Mount = (element: HTMLElement) => void;

/**
 * Islands a page may show without naming their entry: form, donation and newsletter blocks
 * outside a page's layout (render names the entries of its layout's blocks). Every other island's
 * entry is on the page whenever its mount is, and registers its mount itself.
 */
const LAZY: Record<string, () => Promise<{ mount: Mount }>> = {
  form: () => import('./forms/mount.js'),
  newsletter: () => import('./newsletter/mount.js'),
  donation: () => import('./donation/mount.js'),
};

let booted = false;
/** Mounts the entries brought along, and mount elements still waiting for their entry. */
const registered = new Map<string, Mount>();
const waiting = new Map<string, HTMLElement[]>();

/** Mounts every island of the page, once; `own` is the mount of the calling entry's island. */
export function boot(own?: Record<string, Mount>): void {
  for (const [name, mount] of Object.entries(own ?? {})) {
    registered.set(name, mount);
    for (const element of waiting.get(name) ?? []) whenNear(name, element, () => mount(element));
    waiting.delete(name);
  }
  if (booted) return;
  booted = true;
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island ?? '';
    const known = registered.get(name);
    if (known) {
      whenNear(name, element, () => known(element));
      continue;
    }
    const load = LAZY[name];
    if (!load) {
      // Its entry script comes later on the page and mounts it then.
      waiting.set(name, [...(waiting.get(name) ?? []), element]);
      continue;
    }
    whenNear(name, element, () => {
      load().then(
        (island) => island.mount(element),
        (error: unknown) => console.error(`island ${name} failed to load`, error),
      );
    });
  }
  // The cart page's island loads the cart itself, with its own loading state.
  if (!document.querySelector('[data-island="cart-page"]')) void cartStore.load();
  followCartIndicator();
  wireAccountLink();
  const startTracking = () => {
    import('./tracking/start.js').then(
      (tracking) => tracking.start(),
      (error: unknown) => console.warn('tracking failed to load', error),
    );
  };
  if (document.readyState === 'complete') startTracking();
  else window.addEventListener('load', startTracking, { once: true });
}

/** SPEC 2 template cart indicator: the header's cart link shows the item count and subtotal. */
function followCartIndicator(): void {
  const link = document.querySelector<HTMLAnchorElement>('.cart-link');
  const indicator = link?.querySelector<HTMLElement>('[data-cart-indicator]');
  if (!link || !indicator) return;
  let initialized = false;
  const update = () => {
    const { status, cart } = cartStore.get();
    if (status !== 'loaded') return;
    // SPEC 4: the indicator initializes on the first sync.
    if (!initialized) {
      initialized = true;
      link.dataset.initialized = 'true';
    }
    const quantity = cart?.totalQuantity ?? 0;
    const code = siteContext()?.currency ?? 'USD';
    const text = pillText(quantity);
    indicator.hidden = quantity === 0;
    indicator.textContent =
      quantity === 0
        ? ''
        : `${text.count} ${text.noun} · ${formatMinorUnits(cart?.subtotalCents ?? 0, isCurrencyCode(code) ? code : 'USD')}`;
    // WCAG 2.5.3: the link's name is its visible text ('Cart 1 item · $68.00'), so nothing is set over it.
  };
  cartStore.subscribe(update);
  update();
}

/** The header's account link opens the site-user dialog (sign in, sign up, sign out). */
function wireAccountLink(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-island-link="account"]')) {
    link.setAttribute('aria-haspopup', 'dialog');
    link.addEventListener('click', (event) => {
      event.preventDefault();
      import('./account/open.js').then(
        (account) => account.openAccount(link),
        (error: unknown) => console.error('account dialog failed to load', error),
      );
    });
  }
  // The link of a password reset email (/?reset-password=<token>) opens the dialog to choose a new
  // password; the link of a sign-up email (/?confirm-sign-up=<token>) opens it to make the account.
  const params = new URLSearchParams(location.search);
  const resetToken = params.get(RESET_PARAM) ?? undefined;
  const signUpToken = params.get(SIGN_UP_PARAM) ?? undefined;
  if (resetToken || signUpToken) {
    const url = new URL(location.href);
    url.searchParams.delete(RESET_PARAM);
    url.searchParams.delete(SIGN_UP_PARAM);
    history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
    import('./account/open.js').then(
      (account) =>
        account.openAccount(document.querySelector<HTMLElement>('[data-island-link="account"]') ?? document.body, {
          resetToken,
          signUpToken,
        }),
      (error: unknown) => console.error('account dialog failed to load', error),
    );
  }
}

/** The query parameters of the links identity mails to site users: a password reset, a sign-up. */
const RESET_PARAM = 'reset-password';
const SIGN_UP_PARAM = 'confirm-sign-up';
