// The main navigation editor: read with GetSiteLayout (layout[0] is the main navigation, SPEC 7),
// saved with UpdateNavigation (SPEC 3 "Navigation update"). Entries point at a page or collection
// or at an external link, can be reordered and can hold one level of child entries.
import { useState } from 'react';
import {
  MAIN_NAVIGATION,
  OwnerUiMessages,
  Permission,
  type Collection,
  type NavigationItemBody,
  type NavigationLink,
  type SiteLayout,
} from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { pageUrlProblem } from '../forms-kit.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome, Problem } from '../ui.js';
import { useDraftGuard } from '../unsaved.js';
import { apiPath } from '../../api/client.js';

interface Entry {
  key: string;
  title: string;
  collectionId: string;
  externalLink: string;
  children: Entry[];
}

let keys = 0;
const entryOf = (link: NavigationLink): Entry => ({
  key: `nav-${keys++}`,
  title: link.title,
  collectionId: link.collectionId ?? '',
  externalLink: link.externalLink ?? '',
  children: link.children.map(entryOf),
});

const bodyOf = (entry: Entry): NavigationItemBody => ({
  ...(entry.title.trim() ? { title: entry.title.trim() } : {}),
  ...(entry.collectionId
    ? { collectionId: entry.collectionId }
    : entry.externalLink.trim()
      ? { externalLink: entry.externalLink.trim() }
      : {}),
  ...(entry.children.length > 0 ? { items: entry.children.map(bodyOf) } : {}),
});

export function NavigationSettings() {
  const { websiteId } = useSession();
  const layout = useApi<SiteLayout>(apiPath('/commondata/GetSiteLayout'));
  const collections = useApi<{ items: Collection[] }>(
    `${apiPath('/content-service/1.0/websites/{websiteId}/collections', { websiteId })}?limit=200`,
  );
  if (collections.error) return <Problem message={OwnerUiMessages.unableToLoadCollections} />;
  return (
    <Loaded resource={layout}>
      {(data) =>
        collections.data ? (
          <NavigationEditor layout={data} collections={collections.data.items} />
        ) : (
          <Loaded resource={collections}>{() => null}</Loaded>
        )
      }
    </Loaded>
  );
}

function NavigationEditor({ layout, collections }: { layout: SiteLayout; collections: Collection[] }) {
  const editable = useSession().can(Permission.CONTENT_EDIT);
  const main = layout.layout.find((n) => n.identifier === MAIN_NAVIGATION) ?? layout.layout[0];
  const [entries, setEntries] = useState<Entry[]>(() => (main?.links ?? []).map(entryOf));
  const action = useAction();
  const guard = useDraftGuard(entries.map(bodyOf));

  const problems = entries
    .flatMap((e) => [e, ...e.children])
    .map((e) =>
      e.collectionId ? undefined : e.externalLink.trim() ? pageUrlProblem(e.externalLink) : 'Pick a page or enter a link for every entry.',
    );
  const problem = problems.find(Boolean);

  const save = async () => {
    if (problem) return action.fail(problem);
    const templateId =
      main?.templateId ?? (await api<{ templateId: string }>('GET', apiPath('/content-service/public/1.0/site'))).templateId;
    const done = await action.run(
      () =>
        api('POST', apiPath('/widget/UpdateNavigation'), {
          fieldName: main?.identifier ?? MAIN_NAVIGATION,
          templateId,
          navigation: { items: entries.map(bodyOf) },
        }).then(() => true),
      'Navigation saved',
    );
    if (done) guard.saved();
  };

  const list = (items: Entry[], change: (next: Entry[]) => void, depth: number) => (
    <ol className="nav-editor">
      {items.map((entry, index) => {
        const set = (patch: Partial<Entry>) => change(items.map((e, i) => (i === index ? { ...e, ...patch } : e)));
        const move = (by: number) => {
          const next = [...items];
          const [moved] = next.splice(index, 1);
          if (moved) next.splice(index + by, 0, moved);
          change(next);
        };
        const label =
          entry.title || collections.find((c) => c.id === entry.collectionId)?.navigationTitle || entry.externalLink || 'New entry';
        return (
          <li key={entry.key} aria-label={`Navigation entry ${label}`}>
            <div className="row">
              <Field label="Title">
                <input value={entry.title} disabled={!editable} onChange={(e) => set({ title: e.target.value })} />
              </Field>
              <Field label="Page">
                <select value={entry.collectionId} disabled={!editable} onChange={(e) => set({ collectionId: e.target.value })}>
                  <option value="">External link…</option>
                  {collections.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                    </option>
                  ))}
                </select>
              </Field>
              {entry.collectionId ? null : (
                <Field label="Link">
                  <input
                    value={entry.externalLink}
                    disabled={!editable}
                    placeholder="https://"
                    onChange={(e) => set({ externalLink: e.target.value })}
                  />
                </Field>
              )}
              {editable ? (
                <span className="buttons">
                  <button type="button" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => move(-1)}>
                    ↑
                  </button>
                  <button type="button" aria-label={`Move ${label} down`} disabled={index === items.length - 1} onClick={() => move(1)}>
                    ↓
                  </button>
                  <button type="button" aria-label={`Remove ${label}`} onClick={() => change(items.filter((_, i) => i !== index))}>
                    ✕
                  </button>
                  {depth === 0 ? (
                    <button
                      type="button"
                      onClick={() =>
                        set({
                          children: [
                            ...entry.children,
                            { key: `nav-${keys++}`, title: '', collectionId: '', externalLink: '', children: [] },
                          ],
                        })
                      }
                    >
                      Add child
                    </button>
                  ) : null}
                </span>
              ) : null}
            </div>
            {entry.children.length > 0 ? list(entry.children, (next) => set({ children: next }), depth + 1) : null}
          </li>
        );
      })}
    </ol>
  );

  return (
    <div className="stack">
      {list(entries, setEntries, 0)}
      {editable ? (
        <>
          <button
            type="button"
            onClick={() => setEntries([...entries, { key: `nav-${keys++}`, title: '', collectionId: '', externalLink: '', children: [] }])}
          >
            Add entry
          </button>
          <Outcome action={action} />
          <button type="button" className="primary" disabled={action.busy} onClick={() => void save()}>
            Save navigation
          </button>
        </>
      ) : null}
    </div>
  );
}
