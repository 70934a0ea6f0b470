// What blocks point at: the site's collections (galleries, stores, lists) and forms, loaded once
// per editor, and the choice of a collection or of a store's product.
import { CollectionType, type Collection, type ContentItem, type FormDefinition } from '@sc/contracts';
import { useApi } from '../data.js';
import { useSession } from '../session.js';
import { Choice, str, type Change } from './FieldKit.js';
import type { BlockData } from './model.js';
import { apiPath } from '../../api/client.js';

export interface Sources {
  collections: Collection[];
  forms: FormDefinition[];
}

/** The collections and forms blocks point at. */
export function useSources(): Sources {
  const { websiteId } = useSession();
  const collections = useApi<{ items: Collection[] }>(
    `${apiPath('/content-service/1.0/websites/{websiteId}/collections', { websiteId })}?limit=200`,
  );
  const forms = useApi<{ forms: FormDefinition[] }>(apiPath('/rest/forms/definitions'));
  return { collections: collections.data?.items ?? [], forms: forms.data?.forms ?? [] };
}

export function CollectionChoice({
  data,
  onChange,
  collections,
  label,
  filter,
}: {
  data: BlockData;
  onChange: Change;
  collections: Collection[];
  label: string;
  filter: (c: Collection) => boolean;
}) {
  const options = collections.filter(filter);
  return (
    <Choice
      data={data}
      name="collectionId"
      label={label}
      onChange={onChange}
      options={[['', 'Choose…'], ...options.map((c) => [c.id, c.title] as const)]}
    />
  );
}

export const isGallery = (c: Collection) => c.gallerySettings !== null || c.typeName.includes('gallery');
export const isStore = (c: Collection) => c.type === CollectionType.PRODUCTS;
export const isListable = (c: Collection) => c.type !== CollectionType.PAGE;

export function ProductChoice({ data, onChange, collections }: { data: BlockData; onChange: Change; collections: Collection[] }) {
  const { websiteId } = useSession();
  const storeId = str(data, 'collectionId');
  const products = useApi<{ items: ContentItem[] }>(
    storeId
      ? `${apiPath('/content-service/product/1.1/websites/{websiteId}/products/{collectionId}/items', { websiteId, collectionId: storeId })}?limit=200`
      : null,
  );
  return (
    <>
      <CollectionChoice
        data={data}
        onChange={(next, field) => onChange({ ...next, itemId: '' }, field)}
        collections={collections}
        label="Store"
        filter={isStore}
      />
      {storeId ? (
        <Choice
          data={data}
          name="itemId"
          label="Product"
          onChange={onChange}
          options={[['', 'Choose…'], ...(products.data?.items ?? []).map((p) => [p.id, p.title] as const)]}
        />
      ) : null}
    </>
  );
}
