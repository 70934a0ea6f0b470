// Gift cards: every card of the store (bought or issued by the owner) with its balance, a search
// by code, and issuing a new one (a present, or store credit).
import { useState } from 'react';
import { Permission, type GiftCardView } from '@sc/contracts';
import { useApi } from '../data.js';
import { showMoney } from '../money.js';
import { Link } from '../router.js';
import { useSession } from '../session.js';
import { Field, Loaded, Page, when } from '../ui.js';
import { IssueGiftCard } from './IssueGiftCard.js';
import { StoreTabs } from './StoreHome.js';
import { apiPath } from '../../api/client.js';

interface GiftCardPage {
  giftCards: GiftCardView[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export function GiftCardsScreen() {
  const { can } = useSession();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const cards = useApi<GiftCardPage>(
    `${apiPath('/commerce/store/gift-cards')}?limit=200${search ? `&q=${encodeURIComponent(search)}` : ''}`,
  );
  return (
    <Page title="Gift cards">
      <StoreTabs />
      <form
        className="row"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(query.trim());
        }}
      >
        <Field label="Find a code">
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </Field>
        <button type="submit">Search</button>
      </form>
      <Loaded resource={cards}>
        {(data) =>
          data.giftCards.length === 0 ? (
            <p>No gift cards{search ? ' match' : ' yet'}.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Code</th>
                  <th>Balance</th>
                  <th>Initial</th>
                  <th>From</th>
                  <th>Recipient</th>
                  <th>Created</th>
                </tr>
              </thead>
              <tbody>
                {data.giftCards.map((card) => (
                  <tr key={card.id} aria-label={`Gift card ${card.code}`}>
                    <td>
                      <code>{card.code}</code>
                    </td>
                    <td>{showMoney(card.balance)}</td>
                    <td>{showMoney(card.initial)}</td>
                    <td>{card.orderId ? <Link to={`/store/orders/${card.orderId}`}>order</Link> : 'issued'}</td>
                    <td>{card.recipientEmail ?? '—'}</td>
                    <td>{when(card.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      {can(Permission.STORE_MANAGE) ? <IssueGiftCard /> : null}
    </Page>
  );
}
