// The store area's screens: one lazily loaded chunk (routes.tsx), fetched on the first visit to /config/store.
export { CouponsScreen } from './Coupons.js';
export { CustomerScreen, CustomersScreen } from './Customers.js';
export { GiftCardsScreen } from './GiftCards.js';
export { InventoryScreen } from './Inventory.js';
export { OrderDetailScreen } from './OrderDetail.js';
export { OrdersScreen } from './Orders.js';
export { ProductEditorScreen } from './ProductEditor.js';
export { ProductsScreen } from './Products.js';
export { ShippingTaxScreen } from './ShippingTax.js';
export { StoreHome } from './StoreHome.js';
export { SubscriptionsScreen } from './Subscriptions.js';
