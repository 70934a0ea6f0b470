// Subscriptions: each running or ended subscription with its plan, billing and status; the owner
// cancels one, or resumes one whose renewal payment failed.
import { useState } from 'react';
import { Permission, type SubscriptionView } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { showMoney } from '../money.js';
import { Link } from '../router.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome, Page, useConfirm, when } from '../ui.js';
import { StoreTabs } from './StoreHome.js';
import { apiPath } from '../../api/client.js';

interface SubscriptionPage {
  subscriptions: SubscriptionView[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export function SubscriptionsScreen() {
  const manage = useSession().can(Permission.STORE_MANAGE);
  const [status, setStatus] = useState('');
  const list = useApi<SubscriptionPage>(`${apiPath('/commerce/store/subscriptions')}?limit=200${status ? `&status=${status}` : ''}`);
  const action = useAction({ invalidates: [apiPath('/commerce/store/subscriptions')] });
  const { modal, confirm } = useConfirm();

  const change = async (s: SubscriptionView, to: 'cancelled' | 'active') => {
    if (
      to === 'cancelled' &&
      !(await confirm({
        title: 'Cancel subscription',
        message: `Cancel the subscription of ${s.email}? No further payments are taken.`,
        confirmLabel: 'Cancel subscription',
        cancelLabel: 'Keep it',
      }))
    )
      return;
    await action.run(
      () => api('PUT', apiPath('/commerce/store/subscriptions/{subscriptionId}/status', { subscriptionId: s.id }), { status: to }),
      to === 'cancelled' ? 'Subscription cancelled' : 'Subscription resumed',
    );
  };

  return (
    <Page title="Subscriptions">
      <StoreTabs />
      <Field label="Status">
        <select value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">Any</option>
          <option value="active">Active</option>
          <option value="past-due">Past due</option>
          <option value="completed">Completed</option>
          <option value="cancelled">Cancelled</option>
        </select>
      </Field>
      <Outcome action={action} />
      <Loaded resource={list}>
        {(data) =>
          data.subscriptions.length === 0 ? (
            <p>No subscriptions yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Customer</th>
                  <th>SKU</th>
                  <th>Plan</th>
                  <th>Price</th>
                  <th>Billed</th>
                  <th>Next billing</th>
                  <th>Status</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {data.subscriptions.map((s) => (
                  <tr key={s.id} aria-label={`Subscription of ${s.email}`}>
                    <td>
                      <Link to={`/store/orders/${s.orderId}`}>{s.email}</Link>
                    </td>
                    <td>{s.sku}</td>
                    <td>
                      every {s.plan.billingPeriod.value} {s.plan.billingPeriod.unit.toLowerCase()}
                      {s.plan.numBillingCycles > 0 ? `, ${s.plan.numBillingCycles} times` : ', until cancelled'}
                    </td>
                    <td>{showMoney(s.price)}</td>
                    <td>{s.cyclesBilled}</td>
                    <td>{when(s.nextBillingDate)}</td>
                    <td>{s.status}</td>
                    <td>
                      {manage && (s.status === 'active' || s.status === 'past-due') ? (
                        <button type="button" className="link" onClick={() => void change(s, 'cancelled')}>
                          Cancel
                        </button>
                      ) : null}
                      {manage && s.status === 'past-due' ? (
                        <button type="button" className="link" onClick={() => void change(s, 'active')}>
                          Resume
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
      {modal}
    </Page>
  );
}
