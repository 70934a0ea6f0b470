// The comment form of an item's comment area (SPEC 2): name, optional email and the comment (with
// the SPEC 2 'count / max' counter), the built-in captcha solved on sending, then the server's
// answer (held for moderation) or its message. The thread above it is server-rendered.
import { COMMENT_LIMITS, FormMessages, formatMessage, type CommentsData, type PostCommentResponse } from '@sc/contracts';
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

export function mount(element: HTMLElement): void {
  const data = islandData<CommentsData>('comments');
  if (!data || element.dataset.mounted === 'true') return;
  element.dataset.mounted = 'true';
  const name = Object.assign(document.createElement('input'), { name: 'authorName', autocomplete: 'name', required: true, maxLength: COMMENT_LIMITS.nameLength });
  const email = Object.assign(document.createElement('input'), { name: 'authorEmail', type: 'email', autocomplete: 'email' });
  const body = Object.assign(document.createElement('textarea'), { name: 'body', rows: 4, required: true, maxLength: COMMENT_LIMITS.bodyLength });
  const count = Object.assign(document.createElement('p'), { className: 'character-counter' });
  const showCount = () => {
    count.textContent = formatMessage(FormMessages.characterCounter, { count: body.value.length, max: COMMENT_LIMITS.bodyLength });
  };
  body.addEventListener('input', showCount);
  showCount();
  const status = Object.assign(document.createElement('p'), { className: 'comment-status', hidden: true });
  status.setAttribute('role', 'status');
  const submit = Object.assign(document.createElement('button'), { type: 'submit', className: 'sc-button', textContent: 'Post comment' });
  const form = Object.assign(document.createElement('form'), { className: 'sc-form comment-form', noValidate: true });
  const heading = Object.assign(document.createElement('h3'), { textContent: 'Leave a comment' });
  form.append(heading, field('Name', name), field('Email (not shown)', email), field('Comment', body), count, status, submit);
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
        submit.textContent = 'Post comment';
      }
    })();
  });
  if (siteUserInfo().authenticated) name.placeholder = 'Your name';
  element.replaceChildren(form);
}
