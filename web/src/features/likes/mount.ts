// The like button (SPEC 2 fragment): asks content for the item's live count and whether this
// visitor already likes it (the page's count may be a minute old), then toggles the like. One like
// per visitor per item is the server's rule; the button only shows its answer.
import { CommentMessages, type LikeButtonData, type LikeState } from '@sc/contracts';
import { islandData } from '../../storefront/lib/dom.js';
import { call, failureFrom } from '../../storefront/lib/http.js';
import './likes.css';

function show(element: HTMLElement, state: LikeState): void {
  const button = element.querySelector<HTMLButtonElement>('.like-toggle');
  const count = element.querySelector<HTMLElement>('.like-count');
  element.dataset.likeCount = String(state.likeCount);
  element.classList.toggle('liked', state.liked);
  if (count) count.textContent = String(state.likeCount);
  // The button's name is its content, starting with the visible count: "3 likes" (WCAG 2.5.3);
  // aria-pressed says whether this visitor likes it.
  const word = element.querySelector<HTMLElement>('.like-label');
  if (word) word.textContent = ` ${state.likeCount === 1 ? 'like' : 'likes'}`;
  if (button) {
    button.removeAttribute('aria-label');
    button.setAttribute('aria-pressed', String(state.liked));
  }
}

export function mount(element: HTMLElement): void {
  const data = islandData<LikeButtonData>('like-button');
  const itemId = element.dataset.itemId;
  if (!data || !itemId || element.dataset.mounted === 'true') return;
  element.dataset.mounted = 'true';
  const path = data.statePath.replace('{itemId}', encodeURIComponent(itemId));
  let state: LikeState = { itemId, likeCount: Number(element.dataset.likeCount) || 0, liked: false };
  call<LikeState>('GET', path).then(
    (live) => {
      state = live;
      show(element, state);
    },
    () => undefined,
  );
  const button = element.querySelector<HTMLButtonElement>('.like-toggle');
  button?.addEventListener('click', () => {
    button.disabled = true;
    call<LikeState>(state.liked ? 'DELETE' : 'POST', path).then(
      (next) => {
        state = next;
        show(element, state);
        button.disabled = false;
      },
      (failure: unknown) => {
        const f = failureFrom(failure);
        button.title = f.status === 429 ? CommentMessages.likeRateLimited : f.message;
        button.disabled = false;
      },
    );
  });
}
