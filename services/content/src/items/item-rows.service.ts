// What other features may read and rewrite of items, inside their own transactions: collections
// count and list their items and re-announce their products, categories rewrite the items they
// are removed from, the community features find the item a comment or like is for, websites ask
// whether they sell anything. Its own module (it imports nothing of other features) so that
// items.service.ts may use those features' services without the two importing each other. The
// repository stays the items feature's own.
export {
  countItems,
  findPublicItem,
  hasProducts,
  itemCounts,
  itemsInCategories,
  itemsOfCollection,
  lockItem,
  productsOf,
  replaceItem,
} from './items.repository.js';
