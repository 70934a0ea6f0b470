// Coupons: percentage, fixed amount or free shipping, with a minimum subtotal and an expiry.
import { useState, type FormEvent } from 'react';
import { Permission, RuleMessages, couponPercentageAllowed, type Coupon, type CouponKind } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { parseAmount, showMinor, useCurrency } from '../money.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome, Page, useConfirm, when } from '../ui.js';
import { useEditedForm } from '../unsaved.js';
import { StoreTabs } from './StoreHome.js';
import { apiPath } from '../../api/client.js';

export function CouponsScreen() {
  const coupons = useApi<{ coupons: Coupon[] }>(apiPath('/commerce/coupons'));
  const currency = useCurrency();
  const editable = useSession().can(Permission.STORE_MANAGE);
  const action = useAction({ invalidates: [apiPath('/commerce/coupons')] });
  const { modal, confirm } = useConfirm();

  const describe = (c: Coupon): string =>
    c.kind === 'percentage' ? `${c.value / 100} % off` : c.kind === 'fixed-amount' ? `${showMinor(c.value, currency)} off` : 'Free shipping';

  const remove = async (code: string) => {
    if (!(await confirm({ title: 'Delete coupon', message: `Delete the coupon ${code}?`, confirmLabel: 'Delete' }))) return;
    await action.run(() => api('DELETE', apiPath('/commerce/coupons/{code}', { code })), 'Coupon deleted');
  };

  return (
    <Page title="Coupons">
      <StoreTabs />
      <Loaded resource={coupons}>
        {(data) =>
          data.coupons.length === 0 ? (
            <p>No coupons yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Code</th>
                  <th>Discount</th>
                  <th>Minimum subtotal</th>
                  <th>Expires</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {data.coupons.map((c) => (
                  <tr key={c.code}>
                    <td>{c.code}</td>
                    <td>{describe(c)}</td>
                    <td>{c.minimumSubtotalCents > 0 ? showMinor(c.minimumSubtotalCents, currency) : '—'}</td>
                    <td>{c.expiresAt ? when(c.expiresAt) : 'Never'}</td>
                    <td>
                      {editable ? (
                        <button type="button" className="link" aria-label={`Delete coupon ${c.code}`} onClick={() => void remove(c.code)}>
                          delete
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      <Outcome action={action} />
      {editable ? <NewCoupon /> : null}
      {modal}
    </Page>
  );
}

function NewCoupon() {
  const currency = useCurrency();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<CouponKind>('percentage');
  const [value, setValue] = useState('10');
  const [minimum, setMinimum] = useState('');
  const [expires, setExpires] = useState('');
  const action = useAction({ invalidates: [apiPath('/commerce/coupons')] });
  const edits = useEditedForm();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    let amount = 0;
    if (kind === 'percentage') {
      const bps = Math.round(Number(value) * 100);
      if (!couponPercentageAllowed(bps)) return action.fail(RuleMessages.couponPercentage);
      amount = bps;
    } else if (kind === 'fixed-amount') {
      const minor = parseAmount(value, currency);
      if (minor === undefined || minor <= 0) return action.fail('Enter the amount off, e.g. 5.00.');
      amount = minor;
    }
    const minimumCents = minimum.trim() ? parseAmount(minimum, currency) : 0;
    if (minimumCents === undefined) return action.fail('Enter the minimum subtotal as an amount, e.g. 50.00.');
    const created = await action.run(
      () =>
        api('POST', apiPath('/commerce/coupons'), {
          code: code.trim().toUpperCase(),
          kind,
          value: amount,
          minimumSubtotalCents: minimumCents,
          expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
        }),
      'Coupon created',
    );
    if (created === undefined) return;
    edits.saved();
    setCode('');
  };

  return (
    <form className="stack" onSubmit={(e) => void create(e)} onInput={edits.onEdit} onChange={edits.onEdit}>
      <h2>New coupon</h2>
      <div className="row">
        <Field label="Code">
          <input value={code} required pattern="[A-Za-z0-9_\-]+" maxLength={64} onChange={(e) => setCode(e.target.value)} />
        </Field>
        <Field label="Kind">
          <select value={kind} onChange={(e) => setKind(e.target.value as CouponKind)}>
            <option value="percentage">Percentage off</option>
            <option value="fixed-amount">Amount off</option>
            <option value="free-shipping">Free shipping</option>
          </select>
        </Field>
        {kind === 'free-shipping' ? null : (
          <Field label={kind === 'percentage' ? 'Percent' : `Amount (${currency})`}>
            <input value={value} inputMode="decimal" onChange={(e) => setValue(e.target.value)} size={8} />
          </Field>
        )}
        <Field label={`Minimum subtotal (${currency})`}>
          <input value={minimum} inputMode="decimal" onChange={(e) => setMinimum(e.target.value)} size={8} />
        </Field>
        <Field label="Expires on">
          <input type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </Field>
      </div>
      <Outcome action={action} />
      <button type="submit" className="primary" disabled={action.busy}>
        Create coupon
      </button>
    </form>
  );
}
