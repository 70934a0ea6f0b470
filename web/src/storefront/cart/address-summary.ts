// A saved address on one line, as checkout's picker and the account dialog list it.
import type { Address } from '@sc/contracts';

export const addressSummary = (a: Address): string =>
  [a.name, a.line1, a.line2, a.city, [a.region, a.postalCode].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ');
