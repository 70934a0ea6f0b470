// The comment form of an item's comment area (SPEC 2): name, optional email and the comment (with
// the SPEC 2 'count / max' counter), the built-in captcha solved on sending, then the server's
// answer (held for moderation) or its message. The thread above it is server-rendered as one flat
// list; the island sets each reply under the comment it answers (one level deep) and gives every
// comment a Reply button that opens the same form for a reply.
import {
  COMMENT_LIMITS,
  FormMessages,
  formatMessage,
  type CommentsData,
  type PostCommentResponse,
  type PublicComment,
} from '@sc/contracts';
import { captchaToken } from '../../storefront/forms/captcha.js';
import { islandData, siteUserInfo } from '../../storefront/lib/dom.js';
import { call, failureFrom } from '../../storefront/lib/http.js';
import './comments.css';

let counter = 0;

function field(label: string, input: HTMLInputElement | HTMLTextAreaElement): HTMLElement {
  const id = `sc-comment-${++counter}`;
  input.id = id;
  const wrap = document.createElement('div');
  wrap.className = 'form-item';
  const title = document.createElement('label');
  title.className = 'title';
  title.htmlFor = id;
  title.textContent = label;
  wrap.append(title, input);
  return wrap;
}

interface FormOptions {
  /** The comment a reply answers; absent for a comment of the item. */
  parentId?: string;
  heading: string;
  submitLabel: string;
}

/** A comment form: posts to the item's comments with a solved captcha and shows the answer. */
function commentForm(data: CommentsData, options: FormOptions): HTMLFormElement {
  const name = Object.assign(document.createElement('input'), {
    name: 'authorName',
    autocomplete: 'name',
    required: true,
    maxLength: COMMENT_LIMITS.nameLength,
  });
  const email = Object.assign(document.createElement('input'), { name: 'authorEmail', type: 'email', autocomplete: 'email' });
  const body = Object.assign(document.createElement('textarea'), {
    name: 'body',
    rows: options.parentId ? 3 : 4,
    required: true,
    maxLength: COMMENT_LIMITS.bodyLength,
  });
  const count = Object.assign(document.createElement('p'), { className: 'character-counter' });
  const showCount = () => {
    count.textContent = formatMessage(FormMessages.characterCounter, { count: body.value.length, max: COMMENT_LIMITS.bodyLength });
  };
  body.addEventListener('input', showCount);
  showCount();
  const status = Object.assign(document.createElement('p'), { className: 'comment-status', hidden: true });
  status.setAttribute('role', 'status');
  const submit = Object.assign(document.createElement('button'), {
    type: 'submit',
    className: 'sc-button',
    textContent: options.submitLabel,
  });
  const form = Object.assign(document.createElement('form'), {
    className: options.parentId ? 'sc-form comment-reply-form' : 'sc-form comment-form',
    noValidate: true,
  });
  const heading = Object.assign(document.createElement(options.parentId ? 'h4' : 'h3'), { textContent: options.heading });
  form.append(
    heading,
    field('Name', name),
    field('Email (not shown)', email),
    field(options.parentId ? 'Reply' : 'Comment', body),
    count,
    status,
    submit,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit.disabled = true;
    submit.textContent = FormMessages.submitting;
    status.hidden = true;
    void (async () => {
      try {
        const captchaKey = await captchaToken(data.challengePath);
        const answer = await call<PostCommentResponse>('POST', data.postPath, {
          body: body.value,
          authorName: name.value.trim(),
          ...(email.value.trim() ? { authorEmail: email.value.trim() } : {}),
          ...(options.parentId ? { parentId: options.parentId } : {}),
          captchaKey,
        });
        body.value = '';
        showCount();
        status.textContent = answer.message;
        status.className = 'comment-status success';
      } catch (failure) {
        const f = failureFrom(failure);
        status.textContent = Object.values(f.errors ?? {})[0] ?? (f.message || FormMessages.unknownError);
        status.className = 'comment-status error';
      } finally {
        status.hidden = false;
        submit.disabled = false;
        submit.textContent = options.submitLabel;
      }
    })();
  });
  if (siteUserInfo().authenticated) name.placeholder = 'Your name';
  return form;
}

/** The server-rendered comment of an id (its element id is comment-{id}). */
const commentElement = (list: HTMLElement, id: string): HTMLElement | null =>
  list.querySelector<HTMLElement>(`li.comment[id="comment-${CSS.escape(id)}"]`);

/** Sets each reply under its comment, in the order the thread lists them. */
function nestReplies(list: HTMLElement, comments: readonly PublicComment[]): void {
  for (const comment of comments) {
    if (!comment.parentId) continue;
    const reply = commentElement(list, comment.id);
    const parent = commentElement(list, comment.parentId);
    if (!reply || !parent) continue;
    let replies = parent.querySelector<HTMLOListElement>(':scope > ol.comment-replies');
    if (!replies) {
      replies = Object.assign(document.createElement('ol'), { className: 'comment-replies' });
      replies.setAttribute('aria-label', 'Replies');
      parent.append(replies);
    }
    reply.classList.add('comment-reply');
    replies.append(reply);
  }
}

/** A Reply button on every comment that is not a reply; it opens (and closes) a reply form. */
function addReplyButtons(list: HTMLElement, data: CommentsData, replyIds: ReadonlySet<string>): void {
  for (const item of list.querySelectorAll<HTMLElement>('li.comment')) {
    const id = item.id.replace(/^comment-/, '');
    if (replyIds.has(id) || item.querySelector(':scope > .comment-reply-button')) continue;
    const button = Object.assign(document.createElement('button'), {
      type: 'button',
      className: 'comment-reply-button',
      textContent: 'Reply',
    });
    button.setAttribute('aria-expanded', 'false');
    let form: HTMLFormElement | undefined;
    button.addEventListener('click', () => {
      if (form) {
        form.remove();
        form = undefined;
        button.setAttribute('aria-expanded', 'false');
        return;
      }
      const author = item.querySelector('.comment-author')?.textContent ?? '';
      form = commentForm(data, { parentId: id, heading: author ? `Reply to ${author}` : 'Reply', submitLabel: 'Post reply' });
      button.after(form);
      button.setAttribute('aria-expanded', 'true');
      form.querySelector('textarea')?.focus();
    });
    const body = item.querySelector(':scope > .comment-body');
    if (body) body.after(button);
    else item.append(button);
  }
}

/** Threads the server-rendered list: the public comments say which ones are replies. */
async function threadList(element: HTMLElement, data: CommentsData): Promise<void> {
  const list = element.closest('.squarespace-comments')?.querySelector<HTMLElement>('.comment-list');
  if (!list) return;
  let replyIds = new Set<string>();
  try {
    const page = await call<{ items: PublicComment[] }>('GET', `${data.postPath}?limit=200`);
    nestReplies(list, page.items);
    replyIds = new Set(page.items.filter((c) => c.parentId).map((c) => c.id));
  } catch {
    // Without the thread's shape the list stays flat; replying still works from each comment.
  }
  addReplyButtons(list, data, replyIds);
}

export function mount(element: HTMLElement): void {
  const data = islandData<CommentsData>('comments');
  if (!data || element.dataset.mounted === 'true') return;
  element.dataset.mounted = 'true';
  element.replaceChildren(commentForm(data, { heading: 'Leave a comment', submitLabel: 'Post comment' }));
  void threadList(element, data);
}
