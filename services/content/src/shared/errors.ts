// Failures the content service answers with, in one place so the wording stays the same.
import { ContentMessages } from '@sc/contracts';
import { AppError } from '@sc/platform';

export const notFound = (message: string): AppError => new AppError('NOT_FOUND', message);
export const websiteNotFound = (): AppError => notFound(ContentMessages.websiteNotFound);
export const collectionNotFound = (): AppError => notFound(ContentMessages.collectionNotFound);
export const itemNotFound = (): AppError => notFound(ContentMessages.itemNotFound);

/** A 400 whose message is shown to the owner (a rule or a SPEC 9 limit), with the field it is about. */
export function invalid(message: string, field?: string): AppError {
  return new AppError('VALIDATION_FAILED', message, field ? { fields: { [field]: message } } : {});
}

/** True for a Postgres unique violation (two writers raced on the same URL id or name). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
