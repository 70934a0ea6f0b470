// What other features use of orders besides OrderService and CouponService (*.service.ts): orders
// are the table every way of making one writes (checkout, donations, renewals, gift cards), so
// the statements over orders, gift cards, subscriptions and refunds that run in those features'
// transactions, the shop's mail and the ids of orders are shared from here.
export { newGiftCardCode, newOrderId } from './ids.js';
export {
  enqueueReceipt,
  enqueueRefundNotice,
  enqueueShopMail,
  giftCardMail,
  receiptMail,
  refundMail,
  renewalFailedMail,
  renewalMail,
  shippingMail,
  siteOfMail,
} from './order-mail.js';
export {
  abandonedOrders,
  buyerOfOrder,
  creditGiftCard,
  debitGiftCard,
  findGiftCard,
  findGiftCards,
  findOrder,
  insertGiftCard,
  insertOrder,
  insertSubscription,
  liveOrderOfCart,
  lockGiftCard,
  lockOrder,
  renewOrderLease,
  returnStock,
  setOrderStatus,
  takeStock,
  type GiftCardRow,
  type OrderRow,
  type SubscriptionRow,
} from './orders.repository.js';
export { announceStockChange } from './stock-events.js';
export { addRefunded, insertRefund, liveRefundsOfOrder, setRefundStatus, type RefundRow } from './refunds.repository.js';
