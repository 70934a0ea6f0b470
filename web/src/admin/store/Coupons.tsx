// Coupons: percentage, fixed amount or free shipping, with a minimum subtotal and an expiry. The
// new-coupon form is react-hook-form's with the contracts' CouponForm; a toast says it was created.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminFormMessages, Permission, type Coupon } from '@sc/contracts';
import { CouponForm } from '@sc/contracts/admin-forms';
import { api, useAction, useApi } from '../data.js';
import { parseAmount, showMinor, useCurrency } from '../money.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome, Page, Problem, useConfirm, when } from '../ui.js';
import { useUnsavedChanges } from '../unsaved.js';
import { StoreTabs } from './StoreHome.js';
import { apiPath } from '../../api/client.js';

export function CouponsScreen() {
  const coupons = useApi<{ coupons: Coupon[] }>(apiPath('/commerce/coupons'));
  const currency = useCurrency();
  const editable = useSession().can(Permission.STORE_MANAGE);
  const action = useAction({ invalidates: [apiPath('/commerce/coupons')] });
  const { modal, confirm } = useConfirm();

  const describe = (c: Coupon): string =>
    c.kind === 'percentage'
      ? `${c.value / 100} % off`
      : c.kind === 'fixed-amount'
        ? `${showMinor(c.value, currency)} off`
        : 'Free shipping';

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

const NEW_COUPON: CouponForm = { code: '', kind: 'percentage', value: '10', minimum: '', expires: '' };

/** The new-coupon form (react-hook-form, checked with the contracts' CouponForm). */
function NewCoupon() {
  const currency = useCurrency();
  const { register, handleSubmit, watch, reset, getValues, formState } = useForm<CouponForm>({
    defaultValues: NEW_COUPON,
    resolver: zodResolver(CouponForm),
    reValidateMode: 'onChange',
  });
  const { errors } = formState;
  const kind = watch('kind');
  const action = useAction({ invalidates: [apiPath('/commerce/coupons')], toastAs: 'Coupon' });
  const guard = useUnsavedChanges(formState.isDirty);

  const create = async (form: CouponForm) => {
    const amount =
      form.kind === 'percentage'
        ? Math.round(Number(form.value) * 100)
        : form.kind === 'fixed-amount'
          ? (parseAmount(form.value, currency) ?? 0)
          : 0;
    const minimumCents = form.minimum.trim() ? (parseAmount(form.minimum, currency) ?? 0) : 0;
    const created = await action.run(
      () =>
        api('POST', apiPath('/commerce/coupons'), {
          code: form.code.trim().toUpperCase(),
          kind: form.kind,
          value: amount,
          minimumSubtotalCents: minimumCents,
          expiresAt: form.expires ? new Date(`${form.expires}T23:59:59`).toISOString() : null,
        }),
      'Coupon created',
    );
    if (created === undefined) return;
    guard.release();
    // The next coupon starts from this one's settings, without its code.
    reset({ ...getValues(), code: '' });
  };

  return (
    <form
      className="stack form-card"
      noValidate
      onSubmit={(e) => void handleSubmit(create, () => action.fail(AdminFormMessages.checkFields))(e)}
    >
      <h2>New coupon</h2>
      <div className="form-grid">
        <Field label="Code" error={errors.code?.message}>
          <input {...register('code')} maxLength={64} autoCapitalize="characters" aria-invalid={errors.code ? true : undefined} />
        </Field>
        <Field label="Kind">
          <select {...register('kind')}>
            <option value="percentage">Percentage off</option>
            <option value="fixed-amount">Amount off</option>
            <option value="free-shipping">Free shipping</option>
          </select>
        </Field>
        {kind === 'free-shipping' ? null : (
          <Field label={kind === 'percentage' ? 'Percent' : `Amount (${currency})`} error={errors.value?.message}>
            <input {...register('value')} inputMode="decimal" size={8} aria-invalid={errors.value ? true : undefined} />
          </Field>
        )}
        <Field label={`Minimum subtotal (${currency})`} error={errors.minimum?.message}>
          <input {...register('minimum')} inputMode="decimal" size={8} aria-invalid={errors.minimum ? true : undefined} />
        </Field>
        <Field label="Expires on" error={errors.expires?.message}>
          <input type="date" {...register('expires')} />
        </Field>
      </div>
      <Problem message={action.error} />
      <button type="submit" className="primary" disabled={action.busy}>
        Create coupon
      </button>
    </form>
  );
}
