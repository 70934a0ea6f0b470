// What other features use of payments besides PaymentService and RefundService: the payment
// provider's interface (renewals charge a saved card through it).
export { type ChargeResult, type PaymentProvider } from './payments.js';
