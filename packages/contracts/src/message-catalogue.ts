// Every message group of the catalogue by area, in a module of its own: messages.ts is bundled whole
// into the storefront's product page, and this would pull the form messages (form-messages.ts) in.
import { FormMessages, RestockMessages } from './form-messages.js';
import {
  AddToCartMessages,
  CartMessages,
  CartPillMessages,
  ColourMessages,
  InfrastructureMessages,
  InstallmentMessages,
  Labels,
  OwnerMessages,
  OwnerUiMessages,
  TemplateEngineMessages,
  TimeMessages,
} from './messages.js';

/** Every message group by area, for code that needs to walk the whole catalogue. */
export const MessageCatalogue = {
  cartPill: CartPillMessages,
  addToCart: AddToCartMessages,
  cart: CartMessages,
  form: FormMessages,
  restock: RestockMessages,
  installment: InstallmentMessages,
  colour: ColourMessages,
  owner: OwnerMessages,
  ownerUi: OwnerUiMessages,
  infrastructure: InfrastructureMessages,
  templateEngine: TemplateEngineMessages,
  time: TimeMessages,
  labels: Labels,
} as const;
