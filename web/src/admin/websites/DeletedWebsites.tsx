// The owner's deleted websites (issue 34), on the websites screen: each with its address and the
// days left before it and its data are removed for good; Restore asks first, then brings it back
// (POST …/websites/{id}/restore) and it is served again at its address. Shown only when there is
// one. The list is the websites this owner made (only their creator may restore one).
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { RestorableWebsite, RestorableWebsiteList, Website } from '@sc/contracts';
import { apiPath } from '../../api/client.js';
import { api, useAction, useApi } from '../data.js';
import { Outcome } from '../ui.js';
import { Badge } from '../ds/badge.js';
import { Button } from '../ds/button.js';
import { SheetDialog } from './SheetDialog.js';

const LIST = apiPath('/content-service/1.0/deleted-websites');

/** '29 days left', '1 day left', 'Last day'. */
export function daysLeftLabel(days: number): string {
  if (days <= 0) return 'Last day';
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

/** The address with this page's scheme and port (embedded mode serves `<slug>.localhost:<port>`). */
function siteUrl(address: string, location: Location = window.location): string {
  return `${location.protocol}//${address}${location.port ? `:${location.port}` : ''}/`;
}

export function DeletedWebsites() {
  const list = useApi<RestorableWebsiteList>(LIST);
  const action = useAction({ invalidates: [LIST, apiPath('/auth/websites')] });
  const [asked, setAsked] = useState<RestorableWebsite>();
  const [restored, setRestored] = useState<RestorableWebsite>();
  const sites = list.data?.websites ?? [];
  if (sites.length === 0 && !restored) return null;

  const restore = async (site: RestorableWebsite) => {
    const done = await action.run(
      () => api<Website>('POST', apiPath('/content-service/1.0/websites/{websiteId}/restore', { websiteId: site.websiteId })),
      `${site.title} is restored and served again${site.address ? ` at ${site.address}` : ''}.`,
    );
    if (done) {
      setAsked(undefined);
      setRestored(site);
    }
  };

  return (
    <section className="deleted-websites" aria-labelledby="deleted-websites-title">
      <h2 id="deleted-websites-title">Deleted websites</h2>
      {sites.length > 0 ? (
        <p>These websites are offline. Restore one before its time runs out; after that it and all its data are removed for good.</p>
      ) : null}
      {asked ? null : <Outcome action={action} />}
      {restored?.address && !action.error ? (
        <p>
          <a href={siteUrl(restored.address)}>Visit {restored.title}</a>
        </p>
      ) : null}
      {sites.length > 0 ? (
        <ul aria-label="Deleted websites">
          {sites.map((site) => (
            <li key={site.websiteId} data-website-id={site.websiteId}>
              <span className="deleted-website-name">
                <strong>{site.title}</strong>
                {site.address ? <span className="deleted-website-address">{site.address}</span> : null}
              </span>
              <span className="deleted-website-when">
                <Badge tone={site.daysLeft <= 7 ? 'danger' : 'warning'}>{daysLeftLabel(site.daysLeft)}</Badge>
                <small>Removed for good on {new Date(site.purgeAfter).toLocaleDateString('en-US', { dateStyle: 'long' })}</small>
              </span>
              <Button size="sm" onClick={() => setAsked(site)} aria-label={`Restore ${site.title}…`}>
                Restore…
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <SheetDialog
        open={asked !== undefined}
        onOpenChange={(open) => (open ? undefined : setAsked(undefined))}
        title={`Restore ${asked?.title ?? ''}?`}
      >
        <p className="m-0">
          It goes back online
          {asked?.address ? (
            <>
              {' '}
              at <strong>{asked.address}</strong>
            </>
          ) : null}{' '}
          with its pages, products, orders, members and files as they were when it was deleted. Its custom domains that were verified are
          served again too.
        </p>
        <Outcome action={action} />
        <div className="flex flex-wrap justify-end gap-2">
          <Dialog.Close asChild>
            <Button>Cancel</Button>
          </Dialog.Close>
          <Button variant="primary" disabled={action.busy} onClick={() => asked && void restore(asked)}>
            Restore website
          </Button>
        </div>
      </SheetDialog>
    </section>
  );
}
