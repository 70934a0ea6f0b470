// Settings > Domains, Design and Delete website (issue 34).
// - Domains: the website's own address and its custom domains, each with its state (served, or
//   waiting for its proof with the DNS TXT record and the HTTP file to set); add, check, remove.
// - Design: the starting designs with their live previews (render's /_designs/<id>/); switching
//   asks first, in a dialog that shows the design large and says what changes and what stays.
// - Delete website: admins only, confirmed by typing the website's name; hidden at once, purged
//   (with every service's data of it) after WEBSITE_RESTORE_DAYS days; restorable before then on
//   the websites screen (DeletedWebsites.tsx).
import { useState, type FormEvent, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import {
  Permission,
  Role,
  WEBSITE_RESTORE_DAYS,
  type CustomDomain,
  type CustomDomainList,
  type DeletedWebsite,
  type DesignList,
  type Website,
} from '@sc/contracts';
import { apiPath } from '../../api/client.js';
import { api, useAction, useApi } from '../data.js';
import { useSession } from '../session.js';
import { Loaded, Outcome } from '../ui.js';
import { Badge } from '../ds/badge.js';
import { Button } from '../ds/button.js';
import { Card } from '../ds/card.js';
import { SheetDialog } from './SheetDialog.js';
import './create-website.css';

type DesignSummary = DesignList['designs'][number];

const websitePath = (websiteId: string) => apiPath('/content-service/1.0/websites/{websiteId}', { websiteId });
const domainsPath = (websiteId: string) => apiPath('/content-service/1.0/websites/{websiteId}/domains', { websiteId });
const domainPath = (websiteId: string, domain: string) =>
  apiPath('/content-service/1.0/websites/{websiteId}/domains/{domain}', { websiteId, domain });

/** A value the owner copies into their DNS or web server: monospace, selectable, wrapping. */
function Value({ children }: { children: ReactNode }) {
  return <code className="block break-all rounded-ds-sm bg-surface-muted px-2 py-1 text-sm select-all">{children}</code>;
}

function DomainRow({ domain, websiteId, canManage }: { domain: CustomDomain; websiteId: string; canManage: boolean }) {
  const action = useAction({ invalidates: [domainsPath(websiteId), websitePath(websiteId)] });
  const address = domain.kind === 'address';
  return (
    <li className="grid gap-2 border-b border-border py-3 last:border-b-0" data-domain={domain.domain}>
      <div className="flex flex-wrap items-center gap-2">
        <strong className="break-all">{domain.domain}</strong>
        {address ? <Badge tone="info">Your address</Badge> : null}
        {domain.verified ? <Badge tone="success">Verified · served</Badge> : <Badge tone="warning">Waiting for verification</Badge>}
        <span className="ml-auto flex gap-2">
          {canManage && !domain.verified ? (
            <Button
              size="sm"
              variant="primary"
              disabled={action.busy}
              onClick={() =>
                void action.run(
                  () =>
                    api(
                      'POST',
                      apiPath('/content-service/1.0/websites/{websiteId}/domains/{domain}/verify', { websiteId, domain: domain.domain }),
                    ),
                  `${domain.domain} is verified and served.`,
                )
              }
            >
              Check verification
            </Button>
          ) : null}
          {canManage && !address ? (
            <Button
              size="sm"
              variant="danger"
              disabled={action.busy}
              onClick={() => void action.run(() => api('DELETE', domainPath(websiteId, domain.domain)))}
              aria-label={`Remove ${domain.domain}`}
            >
              Remove
            </Button>
          ) : null}
        </span>
      </div>
      {domain.verification ? (
        <div className="grid gap-2 text-sm">
          <p className="m-0">
            Prove the domain is yours with either of these, then press <em>Check verification</em>:
          </p>
          <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:items-center">
            <span className="text-fg-muted">DNS TXT record name</span>
            <Value>{domain.verification.txtRecord.name}</Value>
            <span className="text-fg-muted">TXT record value</span>
            <Value>{domain.verification.txtRecord.value}</Value>
          </div>
          <p className="m-0">
            or serve a file at <Value>{domain.verification.httpFile.url}</Value> containing{' '}
            <Value>{domain.verification.httpFile.body}</Value>
          </p>
          <p className="m-0">
            Once verified, point the domain here: a CNAME record to <code>{domain.verification.pointTo}</code>.
          </p>
        </div>
      ) : null}
      <Outcome action={action} />
    </li>
  );
}

export function DomainSettings() {
  const { websiteId, can } = useSession();
  const domains = useApi<CustomDomainList>(domainsPath(websiteId));
  const add = useAction({ invalidates: [domainsPath(websiteId)] });
  const [domain, setDomain] = useState('');
  const canManage = can(Permission.SETTINGS_MANAGE);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const added = await add.run(
      () => api<CustomDomain>('POST', domainsPath(websiteId), { domain }),
      `${domain} is added. Set one of the records shown to verify it.`,
    );
    if (added) setDomain('');
  };
  return (
    <div className="grid max-w-3xl gap-4">
      <Card title="Domains">
        <p className="mt-0 text-sm text-fg-muted">
          Visitors reach this website at each verified domain. A domain you add is served only after it is verified.
        </p>
        <Loaded resource={domains}>
          {(data) => (
            <ul className="m-0 list-none p-0" aria-label="Domains of this website">
              {data.domains.map((d) => (
                <DomainRow key={d.domain} domain={d} websiteId={websiteId} canManage={canManage} />
              ))}
            </ul>
          )}
        </Loaded>
      </Card>
      {canManage ? (
        <Card title="Connect your own domain">
          <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void submit(event)}>
            <label className="grid flex-1 gap-1">
              <span className="text-sm font-semibold">Domain</span>
              <input
                name="domain"
                required
                value={domain}
                onChange={(e) => setDomain(e.target.value)}
                placeholder="www.example.com"
                autoComplete="off"
                className="min-w-0"
              />
            </label>
            <Button type="submit" variant="primary" disabled={add.busy || domain.trim() === ''}>
              Add domain
            </Button>
          </form>
          <Outcome action={add} />
        </Card>
      ) : null}
    </div>
  );
}

/** A Radix dialog in the admin's look (focus kept inside; Escape and the backdrop close it). */
export function DesignSettings() {
  const { websiteId, can } = useSession();
  const website = useApi<Website>(websitePath(websiteId));
  const designs = useApi<DesignList>(apiPath('/content-service/1.0/designs'));
  const action = useAction({ invalidates: [websitePath(websiteId)] });
  const [asked, setAsked] = useState<DesignSummary>();
  const canManage = can(Permission.SETTINGS_MANAGE);
  const current = website.data?.design;
  const switchTo = async (design: DesignSummary) => {
    const done = await action.run(
      () => api<Website>('PUT', apiPath('/content-service/1.0/websites/{websiteId}/design', { websiteId }), { design: design.id }),
      `The website is now drawn in the ${design.name} design. Your content is unchanged.`,
    );
    if (done) setAsked(undefined);
  };
  return (
    <div className="grid gap-4">
      <p className="m-0 max-w-3xl">
        A design sets the fonts, colours, buttons, spacing, header and footer, and how each page’s sections are laid out. Switching design
        keeps every page, post, product, picture and text you made.
      </p>
      <Outcome action={action} />
      <Loaded resource={designs}>
        {(data) => (
          <ul className="m-0 grid list-none grid-cols-[repeat(auto-fill,minmax(16rem,1fr))] gap-4 p-0" aria-label="Designs">
            {data.designs.map((design) => (
              <li
                key={design.id}
                data-design={design.id}
                className={`grid gap-2 rounded-ds-lg border-2 bg-surface p-2 ${design.id === current ? 'border-primary' : 'border-border'}`}
              >
                <span className="design-preview">
                  <iframe
                    src={design.previewPath}
                    title={`Preview of the ${design.name} design`}
                    loading="lazy"
                    sandbox="allow-same-origin"
                    tabIndex={-1}
                  />
                </span>
                <span className="flex items-center gap-2 font-semibold">
                  {design.name} <small className="font-normal text-fg-muted">· {design.purpose}</small>
                  {design.id === current ? (
                    <Badge tone="success" className="ml-auto">
                      Current design
                    </Badge>
                  ) : null}
                </span>
                <span className="text-sm text-fg-muted">{design.description}</span>
                {canManage && design.id !== current ? (
                  <Button onClick={() => setAsked(design)} aria-label={`Preview and switch to ${design.name}`}>
                    Preview and switch
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      <SheetDialog
        open={asked !== undefined}
        onOpenChange={(open) => (open ? undefined : setAsked(undefined))}
        title={asked ? `Switch to ${asked.name}?` : ''}
        wide
      >
        {asked ? (
          <>
            <div className="relative h-[min(50vh,24rem)] overflow-hidden rounded-ds border border-border bg-surface-muted">
              <iframe
                src={asked.previewPath}
                title={`Large preview of the ${asked.name} design`}
                sandbox="allow-same-origin"
                className="absolute top-0 left-0 h-[200%] w-[200%] max-w-none origin-top-left scale-50 border-0"
              />
            </div>
            <div className="grid gap-1 text-sm sm:grid-cols-2">
              <p className="m-0">
                <strong>Changes:</strong> fonts, colours, buttons, spacing, the header and footer’s look, and each page’s section layout.
              </p>
              <p className="m-0">
                <strong>Stays:</strong> all your pages, their text and blocks, posts, products, pictures, navigation and settings.
              </p>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button>Keep the current design</Button>
              </Dialog.Close>
              <Button variant="primary" disabled={action.busy} onClick={() => void switchTo(asked)}>
                Switch to {asked.name}
              </Button>
            </div>
            <Outcome action={action} />
          </>
        ) : null}
      </SheetDialog>
    </div>
  );
}

/** The platform's own address (where the owner's other websites are reached), from a design preview's. */
function platformHome(designs: DesignList | undefined): string | undefined {
  const preview = designs?.designs[0]?.previewUrl;
  if (!preview) return undefined;
  const url = new URL(preview);
  return `${url.protocol}//${url.host.replace(/^design-[a-z]+\./, '')}/config`;
}

export function DeleteWebsite() {
  const { websiteId, info } = useSession();
  const website = useApi<Website>(websitePath(websiteId));
  const designs = useApi<DesignList>(apiPath('/content-service/1.0/designs'));
  const action = useAction();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [deleted, setDeleted] = useState<DeletedWebsite>();
  const isAdmin = info.roles.includes(Role.ADMIN);
  if (deleted) {
    const home = platformHome(designs.data);
    return (
      <Card title="Website deleted">
        <p role="status" className="mt-0">
          The website is deleted and no longer served. Its data, in every part of the platform, is removed for good on{' '}
          <strong>{new Date(deleted.purgeAfter).toLocaleDateString('en-US', { dateStyle: 'long' })}</strong>; until then its creator can
          restore it under <em>Deleted websites</em> on the websites screen.
        </p>
        {home ? <a href={`${home}/websites/new`}>Go to your websites</a> : null}
      </Card>
    );
  }
  return (
    <Loaded resource={website}>
      {(site) => {
        const matches = typed.trim().toLowerCase() === site.title.trim().toLowerCase();
        const submit = async (event: FormEvent) => {
          event.preventDefault();
          if (!matches) return;
          const done = await action.run(() => api<DeletedWebsite>('DELETE', websitePath(websiteId), { confirm: typed }));
          if (done) {
            setOpen(false);
            setDeleted(done);
          }
        };
        return (
          <Card title="Delete this website" className="max-w-3xl border-danger">
            <p className="mt-0">
              Deleting <strong>{site.title}</strong> takes it offline at once, at every address. After {WEBSITE_RESTORE_DAYS} days its
              pages, products, orders, form submissions, members, comments, statistics and files are removed for good; before then, its
              creator can restore it.
            </p>
            {isAdmin ? (
              <Button variant="danger" onClick={() => setOpen(true)}>
                Delete website…
              </Button>
            ) : (
              <p className="text-sm text-fg-muted">Only an administrator of this website can delete it.</p>
            )}
            <SheetDialog
              open={open}
              onOpenChange={(next) => {
                setOpen(next);
                if (!next) setTyped('');
              }}
              title={`Delete ${site.title}?`}
            >
              <form className="grid gap-3" onSubmit={(event) => void submit(event)}>
                <p className="m-0">The website goes offline at once. This cannot be undone after {WEBSITE_RESTORE_DAYS} days.</p>
                <label className="grid gap-1">
                  <span>
                    Type <strong>{site.title}</strong> to confirm
                  </span>
                  <input
                    name="confirm"
                    value={typed}
                    onChange={(e) => setTyped(e.target.value)}
                    autoComplete="off"
                    aria-label="Website name to confirm"
                  />
                </label>
                <Outcome action={action} />
                <div className="flex flex-wrap justify-end gap-2">
                  <Dialog.Close asChild>
                    <Button>Cancel</Button>
                  </Dialog.Close>
                  <Button type="submit" variant="danger" disabled={!matches || action.busy}>
                    Delete this website
                  </Button>
                </div>
              </form>
            </SheetDialog>
          </Card>
        );
      }}
    </Loaded>
  );
}
