// Pure checks the admin screens run before sending, with the SPEC 5 owner-side messages.
import { CONTENT_LIMITS, ContentMessages, EMAIL_FORMAT_EXAMPLE, EmailPatterns, OwnerMessages, formatMessage } from '@sc/contracts';

/** SPEC 5: 'Please enter a valid email' for a wrong address; undefined when it is fine. */
export function emailProblem(email: string): string | undefined {
  return EmailPatterns.owner.test(email.trim()) ? undefined : OwnerMessages.invalidEmail;
}

/** SPEC 5: 'Emails must be formatted as {email}' for a list of addresses (one wrong is enough). */
export function emailListProblem(emails: readonly string[]): string | undefined {
  return emails.every((e) => EmailPatterns.owner.test(e.trim()))
    ? undefined
    : formatMessage(OwnerMessages.emailFormat, { email: EMAIL_FORMAT_EXAMPLE });
}

/** SPEC 5: links are http(s) URLs or a site path; otherwise 'Links must be formatted as {host} or {host}'. */
export function linkProblem(link: string): string | undefined {
  const text = link.trim();
  if (text.startsWith('/') && !text.startsWith('//') && !/\s/.test(text)) return undefined;
  if (/^https?:\/\/[^\s]+$/i.test(text) && URL.canParse(text) && text.length <= 2082) return undefined;
  // The SPEC shows both examples as {host}; we name the two accepted forms.
  return OwnerMessages.linkFormat.replace('{host}', 'https://example.com').replace('{host}', '/a-page');
}

/** SPEC 5 '{val} is not a valid page URL' for an absolute http(s) URL field. */
export function pageUrlProblem(url: string): string | undefined {
  const text = url.trim();
  return /^https?:\/\/[^\s]+$/i.test(text) && URL.canParse(text) && text.length <= 2082
    ? undefined
    : formatMessage(OwnerMessages.invalidPageUrl, { val: text });
}

export type TagType = 'tag' | 'category';

/** SPEC 5/9: a new tag or category: its length limit, and 'This {tagType} already exists'. */
export function tagProblem(tagType: TagType, name: string, existing: readonly string[], except?: number): string | undefined {
  const text = name.trim();
  if (text === '') return undefined;
  const max = tagType === 'tag' ? CONTENT_LIMITS.tagLength : CONTENT_LIMITS.categoryLength;
  if (text.length > max) return formatMessage(tagType === 'tag' ? ContentMessages.tagTooLong : ContentMessages.categoryTooLong, { max });
  const lower = text.toLowerCase();
  if (existing.some((other, index) => index !== except && other.toLowerCase() === lower))
    return formatMessage(OwnerMessages.tagExists, { tagType });
  return undefined;
}

/** Lines of a textarea as a trimmed list without blanks. */
export const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
