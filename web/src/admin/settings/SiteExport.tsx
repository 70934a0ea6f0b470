// Settings > Export: the whole website in one zip (content as JSON, products as CSV, the media it
// uses), made by the content service, and the store's own CSV downloads beside it.
import { Permission } from '@sc/contracts';
import { useSession } from '../session.js';
import { apiPath } from '../../api/client.js';

export function SiteExport() {
  const { websiteId, can } = useSession();
  return (
    <section aria-labelledby="export-title" className="stack">
      <h2 id="export-title">Export this website</h2>
      <p>
        One zip file: <strong>site.json</strong> (settings, pages, collections, posts, events, products, navigation, header and footer),{' '}
        <strong>products.csv</strong> (one line per variant, in the columns <em>Import products from CSV</em> reads) and{' '}
        <strong>media/</strong> (the images the site uses, as uploaded).
      </p>
      <p>
        <a className="button primary" href={apiPath('/content-service/1.0/websites/{websiteId}/export', { websiteId })} download>
          Export the website (zip)
        </a>
      </p>
      {can(Permission.STORE_READ) ? (
        <>
          <h3>Store records</h3>
          <p className="hint">Orders, customers and stock are exported by the store, as spreadsheets (CSV).</p>
          <p className="row">
            <a className="button" href={apiPath('/commerce/store/exports/orders.csv')} download>
              Export orders (CSV)
            </a>{' '}
            <a className="button" href={apiPath('/commerce/store/exports/customers.csv')} download>
              Export customers (CSV)
            </a>{' '}
            <a className="button" href={apiPath('/commerce/store/exports/inventory.csv')} download>
              Export inventory (CSV)
            </a>
          </p>
        </>
      ) : null}
      <p className="hint">Form submissions: Forms, a form, Submissions, Export CSV.</p>
    </section>
  );
}
