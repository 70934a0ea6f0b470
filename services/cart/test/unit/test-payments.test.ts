// The built-in test-mode provider: its saved payment methods (stored with each subscription) say
// what their renewals do without carrying the card's number.
import { describe, expect, it } from '@jest/globals';
import { CommerceMessages } from '@sc/contracts';
import { TEST_CARDS, TestPaymentProvider } from '../../src/payments/payments.js';

const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123' });
const charge = (provider: TestPaymentProvider, number: string, key: string) =>
  provider.charge({ amountCents: 1000, currency: 'USD', card: card(number), description: 'Test', idempotencyKey: key });
const renew = (provider: TestPaymentProvider, paymentMethod: string, key: string) =>
  provider.chargeSaved({ amountCents: 1000, currency: 'USD', paymentMethod, description: 'Renewal', idempotencyKey: key });

describe(TestPaymentProvider.name, () => {
  it('saves a payment method that holds no card number, and renews with it', async () => {
    const provider = new TestPaymentProvider();
    const first = await charge(provider, '4242 4242 4242 4242', 'a');
    const second = await charge(provider, TEST_CARDS.succeeds, 'b');
    const declining = await charge(provider, TEST_CARDS.declinesRenewals, 'c');
    const methods = [first, second, declining].map((result) => (result.outcome === 'succeeded' ? result.paymentMethod : undefined));
    for (const method of methods) {
      expect(method).toMatch(/^test_pm_/);
      for (const number of Object.values(TEST_CARDS)) expect(method).not.toContain(number);
      expect(method).not.toMatch(/\d{12}/);
    }
    // Each charge saves its own method.
    expect(new Set(methods).size).toBe(3);
    expect(await renew(provider, methods[0]!, 'r1')).toMatchObject({ outcome: 'succeeded', paymentMethod: methods[0] });
    expect(await renew(provider, methods[2]!, 'r2')).toEqual({ outcome: 'declined', message: CommerceMessages.paymentDeclined });
    expect(await renew(provider, 'test_pm_unknown', 'r3')).toEqual({ outcome: 'failed', message: CommerceMessages.paymentFailed });
  });

  it('still renews the methods saved before (they named the test card)', async () => {
    const provider = new TestPaymentProvider();
    expect((await renew(provider, `test_pm_${TEST_CARDS.succeeds}`, 'l1')).outcome).toBe('succeeded');
    expect((await renew(provider, `test_pm_${TEST_CARDS.declinesRenewals}`, 'l2')).outcome).toBe('declined');
  });
});
