// Social formatters: like and share buttons and the Twitter follow button. They emit markup the
// front-end widgets pick up; item data goes into escaped data attributes.
import type { FormatterFn } from '../context.js';
import { escapeAttr, getPath, isObject, toNumber, toOutput } from '../values.js';
import { strField } from './util.js';

function shareButtons(v: unknown, style: string): string {
  if (!isObject(v)) return '';
  const attrs = [
    ['data-system-data-id', toOutput(getPath(v, ['systemDataId']))],
    ['data-asset-url', strField(v, 'assetUrl')],
    ['data-record-type', strField(v, 'recordType')],
    ['data-full-url', strField(v, 'fullUrl')],
    ['data-title', strField(v, 'title')],
  ]
    .map(([k, val]) => `${k}="${escapeAttr(val ?? '')}"`)
    .join(' ');
  return `<div class="squarespace-social-buttons ${style}" ${attrs}></div>`;
}

/** "like" for one, "likes" otherwise (the like button's hidden word after its count). */
export const likesWord = (count: number): string => (count === 1 ? 'like' : 'likes');

export const socialFormatters: Record<string, FormatterFn> = {
  /** An item's like button with its count (as rendered; the island shows the live one). */
  'like-button': (v) => {
    if (!isObject(v)) return '';
    const n = toNumber(v.likeCount);
    const count = Number.isFinite(n) ? n : 0;
    // A real button (the like island makes it work and fetches the live count and the visitor's own state).
    // Its name is its content, starting with the visible count (WCAG 2.5.3): "3 likes"; pressed
    // when this visitor likes it (the island keeps the count, the word and the state current).
    return `<span class="sqs-simple-like" data-item-id="${escapeAttr(strField(v, 'id'))}" data-like-count="${count}" data-island="like-button"><button type="button" class="like-toggle" aria-pressed="false"><span class="like-icon" aria-hidden="true"></span><span class="like-count">${count}</span><span class="like-label visually-hidden"> ${likesWord(count)}</span></button></span>`;
  },
  /** Share buttons for an item (button style). */
  'social-button': (v) => shareButtons(v, 'button-style'),
  /** Share buttons for an item, inline style. */
  'social-button-inline': (v) => shareButtons(v, 'inline-style'),
  /** A Twitter follow button for a connected account (userName, screenname or the value as a name). */
  'twitter-follow-button': (v) => {
    const raw = isObject(v) ? strField(v, 'userName') || strField(v, 'screenname') || strField(v, 'username') : toOutput(v);
    const user = raw.replace(/^@/, '').trim();
    if (user === '') return '';
    const u = escapeAttr(user);
    return `<a href="https://twitter.com/${u}" class="twitter-follow-button" data-show-count="false">Follow @${u}</a><script async src="https://platform.twitter.com/widgets.js"></script>`;
  },
};
