// The SEO fields of a page, product, post or event (title, description, social image, URL slug)
// with a live preview of its search result and its social card. Its own component so the editors
// only mount it: they keep the fields in their state and send them with the rest of the item.
import { SEO_LIMITS, type SeoFields } from '@sc/contracts';
import { apiPath } from '../../api/client.js';
import { useApi } from '../data.js';
import { Field } from '../ui.js';
import { cut, previewOf, SEARCH_DESCRIPTION_MAX, SEARCH_TITLE_MAX, type PageFacts } from './seo-preview.js';

// Inline, so the panel needs nothing of the shared admin stylesheet (another change restyles it).
const box = { border: '1px solid #d0d4d9', borderRadius: 8, padding: '0.75rem', background: '#fff', maxWidth: 520, margin: 0 } as const;
const STYLES = {
  previews: { display: 'grid', gap: '0.75rem', marginTop: '0.75rem' },
  searchUrl: { color: '#4d5156', fontSize: 13, overflowWrap: 'anywhere' },
  searchTitle: { color: '#1a0dab', fontSize: 19, lineHeight: 1.3 },
  searchDescription: { color: '#4d5156', fontSize: 14 },
  socialImage: { display: 'block', width: '100%', aspectRatio: '1.91 / 1', objectFit: 'cover', borderRadius: 6, background: '#eef0f2' },
  socialHost: { color: '#65676b', fontSize: 12, textTransform: 'uppercase', marginTop: 6 },
  // The previews look as the search engine and the social network show them (light) in dark mode too.
  socialTitle: { color: '#1c1e21', fontWeight: 600, fontSize: 16 },
  socialDescription: { color: '#65676b', fontSize: 14 },
} as const;

export interface SeoPanelProps {
  value: SeoFields;
  onChange: (next: SeoFields) => void;
  /** The URL slug (its last part), when the editor lets the owner change it. */
  slug?: { value: string; onChange: (next: string) => void; prefix: string } | undefined;
  /** The page's own facts; the site's title and address are read here. */
  page: Omit<PageFacts, 'siteTitle' | 'origin'>;
  disabled?: boolean | undefined;
}

export function SeoPanel({ value, onChange, slug, page: own, disabled }: SeoPanelProps) {
  const site = useApi<{ title: string }>(apiPath('/content-service/public/1.0/site'));
  // The admin is served at the site's own address (/config), so its origin is the site's.
  const page: PageFacts = { ...own, siteTitle: site.data?.title ?? '', origin: window.location.origin };
  const preview = previewOf(value, slug ? { ...page, path: `${slug.prefix}${slug.value}` } : page);
  const set = (patch: Partial<SeoFields>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="seo-panel" disabled={disabled}>
      <legend>Search and social</legend>
      <Field label="SEO title" hint={`Leave empty to use “${page.siteTitle ? `${page.title} — ${page.siteTitle}` : page.title}”.`}>
        <input value={value.title ?? ''} maxLength={SEO_LIMITS.title} onChange={(e) => set({ title: e.target.value })} />
      </Field>
      <Field label="SEO description" hint="Leave empty to use the excerpt, else the first words of the text.">
        <textarea
          rows={2}
          value={value.description ?? ''}
          maxLength={SEO_LIMITS.description}
          onChange={(e) => set({ description: e.target.value })}
        />
      </Field>
      <Field label="Social image" hint="An image address; leave empty to use the first picture.">
        <input
          value={value.socialImage ?? ''}
          onChange={(e) => set({ socialImage: e.target.value.trim() === '' ? null : e.target.value })}
        />
      </Field>
      {slug ? (
        <Field label="URL slug" hint={`The page's address: ${slug.prefix}${slug.value}. The old address keeps working (301).`}>
          <input value={slug.value} pattern="[a-z0-9][a-z0-9-]*" onChange={(e) => slug.onChange(e.target.value)} />
        </Field>
      ) : null}
      <div className="seo-previews" style={STYLES.previews} aria-live="polite">
        <figure className="seo-search-preview" style={box} aria-label="Search result preview">
          <div className="seo-search-url" style={STYLES.searchUrl}>
            {preview.url}
          </div>
          <div className="seo-search-title" style={STYLES.searchTitle}>
            {cut(preview.title, SEARCH_TITLE_MAX)}
          </div>
          <div className="seo-search-description" style={STYLES.searchDescription}>
            {cut(preview.description, SEARCH_DESCRIPTION_MAX) || 'No description yet.'}
          </div>
        </figure>
        <figure className="seo-social-preview" style={box} aria-label="Social card preview">
          {preview.image ? (
            <img src={preview.image} alt="" style={STYLES.socialImage} />
          ) : (
            <div className="seo-social-noimage" style={STYLES.socialImage}>
              No image: the site's social image is used.
            </div>
          )}
          <div className="seo-social-host" style={STYLES.socialHost}>
            {preview.host}
          </div>
          <div className="seo-social-title" style={STYLES.socialTitle}>
            {preview.title}
          </div>
          <div className="seo-social-description" style={STYLES.socialDescription}>
            {cut(preview.description, 120)}
          </div>
        </figure>
      </div>
    </fieldset>
  );
}
