// Settings > Limits (issue 34): what the website uses of each limit a shared platform sets it
// (PAGES_PER_WEBSITE, PRODUCTS_PER_WEBSITE, UPLOADS_PER_WEBSITE, STORAGE_BYTES_PER_WEBSITE), as a
// meter each; an addition past one is refused with the message that names it.
import { formatFileSize, type WebsiteUsage } from '@sc/contracts';
import { apiPath } from '../../api/client.js';
import { useApi } from '../data.js';
import { useSession } from '../session.js';
import { Loaded } from '../ui.js';
import { Card } from '../ds/card.js';

const ROWS: ReadonlyArray<{ key: keyof WebsiteUsage; label: string; format: (n: number) => string }> = [
  { key: 'pages', label: 'Pages and collections', format: (n) => n.toLocaleString('en-US') },
  { key: 'products', label: 'Products', format: (n) => n.toLocaleString('en-US') },
  { key: 'uploads', label: 'Uploaded files', format: (n) => n.toLocaleString('en-US') },
  { key: 'storageBytes', label: 'Storage', format: formatFileSize },
];

export function WebsiteLimits() {
  const { websiteId } = useSession();
  const usage = useApi<WebsiteUsage>(apiPath('/content-service/1.0/websites/{websiteId}/usage', { websiteId }));
  return (
    <Loaded resource={usage}>
      {(data) => (
        <Card title="What this website uses" className="max-w-3xl">
          <p className="mt-0">
            Each website on the platform has these limits. When one is reached, adding more is refused until you delete something you no
            longer need.
          </p>
          <dl className="grid gap-3">
            {ROWS.map(({ key, label, format }) => {
              const { used, max } = data[key];
              return (
                <div key={key} className="grid gap-1" data-limit={key}>
                  <dt className="font-semibold">{label}</dt>
                  <dd className="m-0 grid gap-1">
                    <meter
                      min={0}
                      max={max}
                      value={used}
                      high={max * 0.9}
                      optimum={0}
                      aria-label={`${label}: ${format(used)} of ${format(max)}`}
                      className="w-full"
                    />
                    <span className="text-sm">
                      {format(used)} of {format(max)}
                    </span>
                  </dd>
                </div>
              );
            })}
          </dl>
        </Card>
      )}
    </Loaded>
  );
}
