// The admin app's route table (its areas, the side navigation, are in areas.ts). Screens are
// rendered inside the layout's Suspense boundary, which shows a loading line while an area's
// chunk arrives.
import type { ReactElement } from 'react';
import { Permission } from '@sc/contracts';
import { Guard } from './Guard.js';
import { Home } from './Home.js';
import { COMMUNITY_ROUTES } from './community/routes.js';
import { lazyArea } from './lazy-area.js';
import type { Route } from './router.js';

// Each area is one chunk, fetched on its first visit (lazy-area.ts); a new area is one line here
// plus its routes and its AREAS entry (areas.ts).
const analytics = lazyArea(() => import('./analytics/AnalyticsScreen.js'));
const content = lazyArea(() => import('./content/ContentArea.js'));
const forms = lazyArea(() => import('./forms/FormsArea.js'));
const mailbox = lazyArea(() => import('./MailboxScreen.js'));
const media = lazyArea(() => import('./media/MediaScreen.js'));
const restock = lazyArea(() => import('./restock/RestockScreen.js'));
const settings = lazyArea(() => import('./settings/SettingsScreen.js'));
const store = lazyArea(() => import('./store/StoreArea.js'));
const team = lazyArea(() => import('./TeamScreen.js'));
const websites = lazyArea(() => import('./websites/CreateWebsiteScreen.js'));

const AnalyticsScreen = analytics('AnalyticsScreen');
const CollectionScreen = content('CollectionScreen');
const ContentScreen = content('ContentScreen');
const GallerySettingsScreen = content('GallerySettingsScreen');
const ItemEditorScreen = content('ItemEditorScreen');
const FormBuilderScreen = forms('FormBuilderScreen');
const FormsScreen = forms('FormsScreen');
const SubmissionsScreen = forms('SubmissionsScreen');
const MailboxScreen = mailbox('MailboxScreen');
const MediaScreen = media('MediaScreen');
const RestockScreen = restock('RestockScreen');
const SettingsScreen = settings('SettingsScreen');
const CouponsScreen = store('CouponsScreen');
const CustomerScreen = store('CustomerScreen');
const CustomersScreen = store('CustomersScreen');
const GiftCardsScreen = store('GiftCardsScreen');
const InventoryScreen = store('InventoryScreen');
const OrderDetailScreen = store('OrderDetailScreen');
const OrdersScreen = store('OrdersScreen');
const ProductEditorScreen = store('ProductEditorScreen');
const ProductsScreen = store('ProductsScreen');
const ShippingTaxScreen = store('ShippingTaxScreen');
const StoreHome = store('StoreHome');
const SubscriptionsScreen = store('SubscriptionsScreen');
const TeamScreen = team('TeamScreen');
const CreateWebsiteScreen = websites('CreateWebsiteScreen');

const P = Permission;

export const ROUTES: readonly Route[] = [
  { path: '/', render: () => <Home /> },
  // Any signed-in owner may make a website of their own (issue 34).
  { path: '/websites/new', render: () => <CreateWebsiteScreen /> },
  { path: '/settings', render: () => guarded([P.SETTINGS_READ, P.CONTENT_READ], <SettingsScreen section="/settings" />) },
  {
    path: '/settings/:section',
    render: ({ section }) =>
      guarded([P.SETTINGS_READ, P.CONTENT_READ, P.STORE_READ], <SettingsScreen section={`/settings/${section ?? ''}`} />),
  },
  { path: '/content', render: () => guarded([P.CONTENT_READ], <ContentScreen />) },
  {
    path: '/content/:collectionId',
    render: ({ collectionId }) => guarded([P.CONTENT_READ], <CollectionScreen key={collectionId} collectionId={collectionId ?? ''} />),
  },
  {
    path: '/content/:collectionId/gallery',
    render: ({ collectionId }) => guarded([P.CONTENT_READ], <GallerySettingsScreen key={collectionId} collectionId={collectionId ?? ''} />),
  },
  {
    path: '/content/:collectionId/items/new',
    render: ({ collectionId }) => guarded([P.CONTENT_EDIT], <ItemEditorScreen key="new" collectionId={collectionId ?? ''} />),
  },
  {
    path: '/content/:collectionId/items/:itemId',
    render: ({ collectionId, itemId }) =>
      guarded([P.CONTENT_READ], <ItemEditorScreen key={itemId} collectionId={collectionId ?? ''} itemId={itemId ?? ''} />),
  },
  { path: '/media', render: () => guarded([P.CONTENT_EDIT, P.STORE_MANAGE], <MediaScreen />) },
  { path: '/forms', render: () => guarded([P.CONTENT_READ], <FormsScreen />) },
  { path: '/forms/:formId', render: ({ formId }) => guarded([P.CONTENT_READ], <FormBuilderScreen key={formId} formId={formId ?? ''} />) },
  {
    path: '/forms/:formId/submissions',
    render: ({ formId }) => guarded([P.FORM_SUBMISSIONS_READ], <SubmissionsScreen key={formId} formId={formId ?? ''} />),
  },
  { path: '/restock', render: () => guarded([P.RESTOCK_READ], <RestockScreen />) },
  { path: '/mailbox', render: () => guarded([P.FORM_SUBMISSIONS_READ, P.RESTOCK_READ, P.STORE_READ], <MailboxScreen />) },
  { path: '/analytics', render: () => guarded([P.ANALYTICS_READ], <AnalyticsScreen />) },
  { path: '/team', render: () => guarded([P.MEMBERS_READ, P.API_KEYS_MANAGE], <TeamScreen />) },
  { path: '/store', render: () => guarded([P.STORE_READ], <StoreHome />) },
  { path: '/store/inventory', render: () => guarded([P.STORE_READ], <InventoryScreen />) },
  { path: '/store/orders', render: () => guarded([P.STORE_READ], <OrdersScreen />) },
  { path: '/store/orders/:orderId', render: ({ orderId }) => guarded([P.STORE_READ], <OrderDetailScreen orderId={orderId ?? ''} />) },
  { path: '/store/customers', render: () => guarded([P.STORE_READ], <CustomersScreen />) },
  { path: '/store/customers/:email', render: ({ email }) => guarded([P.STORE_READ], <CustomerScreen key={email} email={email ?? ''} />) },
  { path: '/store/subscriptions', render: () => guarded([P.STORE_READ], <SubscriptionsScreen />) },
  { path: '/store/gift-cards', render: () => guarded([P.STORE_READ], <GiftCardsScreen />) },
  { path: '/store/coupons', render: () => guarded([P.STORE_READ], <CouponsScreen />) },
  { path: '/store/shipping-tax', render: () => guarded([P.STORE_READ], <ShippingTaxScreen />) },
  {
    path: '/store/:collectionId',
    render: ({ collectionId }) => guarded([P.STORE_READ], <ProductsScreen key={collectionId} collectionId={collectionId ?? ''} />),
  },
  {
    path: '/store/:collectionId/products/new',
    render: ({ collectionId }) => guarded([P.STORE_MANAGE], <ProductEditorScreen key="new" collectionId={collectionId ?? ''} />),
  },
  {
    path: '/store/:collectionId/products/:itemId',
    render: ({ collectionId, itemId }) =>
      guarded([P.STORE_READ], <ProductEditorScreen key={itemId} collectionId={collectionId ?? ''} itemId={itemId ?? ''} />),
  },
  ...COMMUNITY_ROUTES,
];

function guarded(permissions: readonly Permission[], screen: ReactElement) {
  return <Guard permission={permissions}>{screen}</Guard>;
}
