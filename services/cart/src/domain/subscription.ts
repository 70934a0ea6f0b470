// Subscription rules (pure): the next billing date, and the price wording of SPEC 8/9
// ('Unavailable' when no variant matches the chosen options; whole years read as years).
import { InfrastructureMessages, cyclesPerYear, formatMinorUnits, type BillingUnit, type CurrencyCode } from '@sc/contracts';
import type { StoredPlan, StoredVariant } from '../tables.js';
import { unitPriceOf } from './add-to-cart.js';

/** The date one billing period after `from` (months and years keep the day of the month where they can). */
export function addPeriod(from: Date, period: StoredPlan['billingPeriod']): Date {
  const next = new Date(from.getTime());
  switch (period.unit) {
    case 'WEEK':
      next.setUTCDate(next.getUTCDate() + 7 * period.value);
      return next;
    case 'MONTH':
    case 'YEAR': {
      const months = period.unit === 'MONTH' ? period.value : 12 * period.value;
      const day = next.getUTCDate();
      next.setUTCDate(1);
      next.setUTCMonth(next.getUTCMonth() + months);
      const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
      next.setUTCDate(Math.min(day, lastDay));
      return next;
    }
  }
}

/** After `cyclesBilled` charges: the next billing date, or null when the plan has run its cycles (0 = indefinite). */
export function nextBillingDate(from: Date, plan: StoredPlan, cyclesBilled: number): Date | null {
  if (plan.numBillingCycles > 0 && cyclesBilled >= plan.numBillingCycles) return null;
  return addPeriod(from, plan.billingPeriod);
}

const UNIT_WORDS: Record<BillingUnit, [string, string]> = { WEEK: ['week', 'weeks'], MONTH: ['month', 'months'], YEAR: ['year', 'years'] };

/**
 * 'month', '3 months', 'year' (12 months or 52 weeks read as a year unless `keepUnit`); as a
 * duration ('for 1 year') a single unit keeps its number.
 */
export function periodWords(period: StoredPlan['billingPeriod'], keepUnit = false, duration = false): string {
  let { value, unit } = period;
  const perYear = cyclesPerYear(unit);
  if (!keepUnit && unit !== 'YEAR' && value % perYear === 0) {
    value = value / perYear;
    unit = 'YEAR';
  }
  const [one, many] = UNIT_WORDS[unit];
  if (value === 1) return duration ? `1 ${one}` : one;
  return `${value} ${many}`;
}

/** Billing cycles in a year at this plan's period (WEEK 52, MONTH 12, YEAR 1 per unit). */
export function cyclesInAYear(period: StoredPlan['billingPeriod']): number {
  return cyclesPerYear(period.unit) / period.value;
}

/** The subscription price wording for the chosen options: '$19.00 every month', or 'Unavailable'. */
export function subscriptionPriceWording(
  variants: StoredVariant[],
  chosen: Record<string, string>,
  plan: StoredPlan,
  currency: CurrencyCode,
): string {
  const variant = variants.find((v) => Object.entries(chosen).every(([name, value]) => v.attributes[name] === value));
  if (!variant) return InfrastructureMessages.subscriptionPriceUnavailable;
  const every = `${formatMinorUnits(unitPriceOf(variant), currency)} every ${periodWords(plan.billingPeriod)}`;
  if (plan.numBillingCycles === 0) return every;
  const total = plan.numBillingCycles * plan.billingPeriod.value;
  return `${every} for ${periodWords({ value: total, unit: plan.billingPeriod.unit }, false, true)}`;
}
