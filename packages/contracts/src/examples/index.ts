// Examples of the HTTP bodies, for the services' OpenAPI documents (example.ts says how they are
// attached). Loaded by createHttpApp (@sc/platform) when it publishes a document, never by the web
// app: this package is side-effect free, so nothing else pulls this module in. Every example is a
// Harbour & Pine one (the demo shop) and parses with its schema (test/examples.test.ts); an example
// made of other examples names them, so one change of an entity shows in every body that holds it.
import { CommentsSummary, FormsSummary, RestockSummary, SalesWindow, StoreSummary } from '../admin-home.js';
import {
  AnalyticsSettings,
  CensusInteractionBody,
  DevicesReport,
  ErrorsReport,
  EventsReport,
  FormsReport,
  FunnelReport,
  IngestAccepted,
  JavascriptErrorReport,
  PerformanceRecord,
  PerformanceRecordsBody,
  PerformanceSettingsResponse,
  ProviderEventBody,
  ProviderValidateBody,
  ProviderValidateResponse,
  RecordEventForm,
  RecordHitForm,
  RecordJavascriptErrorsBody,
  RecordQuickViewBody,
  ReferrersReport,
  ReplayIdResponse,
  SalesReport,
  TopPagesReport,
  TrafficPoint,
  TrafficReport,
  UpdateAnalyticsSettingsBody,
  VitalsReport,
} from '../analytics.js';
import {
  AccountResponse,
  AddEntryBody,
  AddEntryResponse,
  Address,
  AppliedCoupon,
  ApplyCouponBody,
  CardDetails,
  CheckoutBody,
  CheckoutResponse,
  ChooseShippingBody,
  CommerceCartEntry,
  CommerceShoppingCart,
  Coupon,
  CouponInput,
  CouponList,
  CouponResponse,
  CouponUpdateBody,
  Deleted,
  DonationBody,
  StoreCustomer,
  StoreCustomerList,
  FailedMailEntry,
  FailedMailList,
  GiftCardBalance,
  GiftCardList,
  GiftCardResponse,
  GiftCardView,
  InvalidCoupon,
  InventoryList,
  InventoryRow,
  IssueGiftCardBody,
  MailPreview,
  MailPreviewList,
  MailResent,
  Order,
  OrderItem,
  OrderList,
  OrderRefund,
  OrderResponse,
  PaymentStep,
  PaymentsConfig,
  RefundBody,
  RefundResponse,
  ShippingLocation,
  ShippingOption,
  ShippingOptionInput,
  ShippingOptionList,
  ShippingOptionResponse,
  ShippingOptionUpdateBody,
  StockResult,
  StoreRules,
  SubscriptionCartBody,
  SubscriptionCartResponse,
  SubscriptionList,
  SubscriptionRecord,
  SubscriptionResponse,
  SubscriptionView,
  TaxRule,
  TaxRuleInput,
  TaxRuleList,
  TaxRuleResponse,
  TaxRuleUpdateBody,
  UpdateFieldsBody,
  UpdateFieldsResponse,
  UpdateOrderStatusBody,
  UpdateQuantityBody,
  UpdateStockBody,
  UpdateStoreRulesBody,
  UpdateSubscriptionStatusBody,
  WebhookReceived,
} from '../commerce.js';
import {
  BetaFlags,
  BlockBody,
  Category,
  Collection,
  CommercePreferencesBody,
  CommercePreferencesResponse,
  ContentItem,
  CookieSettings,
  CreateCategoryBody,
  CreateCollectionBody,
  EventLocation,
  HeaderFooter,
  HeaderFooterBody,
  ItemBody,
  Layout,
  LayoutSection,
  LessonBody,
  MultilingualLanguage,
  MultilingualLanguages,
  MultilingualSettings,
  MultilingualStatus,
  NavigationItemBody,
  NavigationLink,
  PublicSite,
  ResolvedPath,
  SiteLayout,
  SiteSettingsBody,
  StoreCreated,
  StoreSettings,
  UpdateCategoryBody,
  UpdateCollectionBody,
  UpdateLanguagesBody,
  UpdateNavigationBody,
  UpdateSiteSettingsBody,
  UpdateWebsiteBody,
  Website,
} from '../content.js';
import { UploadedAsset } from '../content-assets.js';
import {
  GrantMemberBody,
  LikeState,
  MemberArea,
  MemberAreaBody,
  MemberAreaPlan,
  MemberAreaSummary,
  MemberGrant,
  ModerateCommentBody,
  OwnerComment,
  OwnerCommentBody,
  PopupOverlay,
  PopupOverlayBody,
  PostCommentBody,
  PostCommentResponse,
  PublicComment,
  PublicPopupOverlay,
} from '../content-community.js';
import { GallerySettingsBody, GallerySettingsInput } from '../content-gallery.js';
import { ImageBody, ImageOut } from '../content-image.js';
import { MediaAsset, MediaFocalPoint, MediaList, MediaUsage, ReplacedMedia, UpdateMediaBody } from '../content-media.js';
import { OptionValueBody, ProductVariant, StructuredContent, SubscriptionPlan } from '../content-product.js';
import { SearchResponse, SearchResult } from '../content-search.js';
import { CreateStoreCollectionBody, ProductImportBody, ProductImportResult, StoreCollectionInput } from '../content-store.js';
import { Money } from '../currencies.js';
import {
  CaptchaChallenge,
  CreateFormBody,
  FormDefinition,
  FormSettings,
  FormSubmission,
  MailStats,
  MailboxMessage,
  NewsletterSubscribeBody,
  NewsletterSubscribeResponse,
  NewsletterSubscriber,
  PublicForm,
  SaveSubmissionBody,
  SaveSubmissionResponse,
  SubmissionKeyResponse,
  TemplateSchema,
  ValidateFormBody,
  ValidateFormResponse,
} from '../forms.js';
import {
  AddMember,
  ApiKey,
  OwnerPreference,
  OwnerPreferenceBody,
  ApiKeyCreated,
  ApiKeyList,
  CreateApiKey,
  IdentityNotice,
  Member,
  MemberList,
  OwnerLogin,
  OwnerSessionInfo,
  OwnerSignUp,
  PasswordResetConfirm,
  PasswordResetRequest,
  SignUpConfirm,
  SetMemberRoles,
  SignedOut,
  SiteUserLocale,
  SiteUserLogin,
  SiteUserSessionInfo,
  SiteUserSignUp,
  SiteUserSignedUp,
  XsrfTokenResponse,
} from '../identity.js';
import { OwnerWebsite, OwnerWebsiteList, RedeemHandoff, WebsiteHandoff } from '../owner-websites.js';
import { PlaceAddress, PlaceDetailsResponse, PlacePrediction, PlacesAutocompleteResponse } from '../places.js';
import { EraseCustomerRequest, Erasure } from '../privacy.js';
import { PreviewBody, PreviewResponse } from '../render.js';
import {
  RestockGroup,
  RestockGroupsResponse,
  RestockSendAllBody,
  RestockSendRequest,
  RestockSendResponse,
  RestockSettings,
  RestockSignup,
  RestockSignupBody,
  RestockSignupResponse,
  RestockSignupsResponse,
} from '../restock.js';
import { SitemapEntries, SitemapSummary } from '../seo.js';
import { SiteStyles } from '../site-styles.js';
import {
  CreateWebsiteBody,
  CreatedWebsite,
  DeleteWebsiteBody,
  DeletedWebsite,
  CustomDomain,
  CustomDomainBody,
  CustomDomainList,
  DesignList,
  RestorableWebsiteList,
  SwitchDesignBody,
} from '../website-designs.js';
import { WebsiteUsage } from '../website-limits.js';
import { example } from './example.js';

const commerceCartEntry = example(CommerceCartEntry, {
  id: '30229a534a5de68accc6da39',
  itemId: '2455bf0e6feb977de18c5098',
  quantity: 1,
  chosenVariant: { sku: 'HP-THROW-OAT', attributes: { Colour: 'Oat' } },
  title: 'Merino Wool Throw',
  subTotal: 8900,
  purchasePriceCents: 8900,
  variantId: '610e86d7650f4a3f4ec2edac',
  productType: 1,
  additionalFields: '{"Engraving":"M.L."}',
  additionalFieldsFormId: 'demo-contact-form',
});

const shippingOption = example(ShippingOption, {
  id: 'ae15ddf2dc13fe5b20cf2c99',
  name: 'Standard shipping',
  rateCents: 500,
  freeOverCents: 5000,
  countries: ['US'],
});

const shippingLocation = example(ShippingLocation, { country: 'US', region: 'OR', postalCode: '97209' });

const taxRule = example(TaxRule, {
  id: '8d00936c6f1693f3cf251ceb',
  name: 'Oregon sales tax',
  country: 'US',
  region: 'OR',
  rateBps: 825,
  appliesToShipping: false,
});

const appliedCoupon = example(AppliedCoupon, { code: 'AUTUMN10', kind: 'percentage', discountCents: 890 });

const invalidCoupon = example(InvalidCoupon, { code: 'SUMMER25', reason: 'This coupon has expired.' });

const commerceShoppingCart = example(CommerceShoppingCart, {
  id: '8fa0297741286a39b4a1a167',
  websiteId: 'demo',
  orderId: 'ord_8KQ2M7XW',
  created: 1763649120000,
  isPurchased: false,
  entries: [commerceCartEntry],
  shippingOptions: [shippingOption],
  selectedShippingOption: shippingOption,
  shippingLocation: shippingLocation,
  applicableTaxRules: [taxRule],
  coupons: ['AUTUMN10', 'SUMMER25'],
  validCoupons: [appliedCoupon],
  invalidCoupons: [invalidCoupon],
  subtotalCents: 8900,
  taxCents: 661,
  shippingCostCents: 500,
  discountCents: 890,
  grandTotalCents: 9171,
  totalQuantity: 1,
  hasDigital: false,
  purelyDigital: false,
  requiresShipping: true,
  minimumOrderSubtotalCents: 5000,
  pricesIncludeTax: false,
});

example(AddEntryBody, {
  itemId: '709f832b11da6f53cdd407db',
  sku: 'HP-THROW-OAT',
  variantId: 'beae437d04d2918d3cfcdfc3',
  attributes: { Colour: 'Oat' },
  quantity: 2,
  additionalFields: '{"Engraving":"M.L."}',
});

example(AddEntryResponse, { shoppingCart: commerceShoppingCart, newlyAdded: commerceCartEntry });

example(UpdateFieldsBody, {
  itemId: '920c15718d245741a4cec605',
  sku: 'HP-THROW-OAT',
  additionalFields: '{"Engraving":"M.L."}',
});

example(UpdateFieldsResponse, { shoppingCart: commerceShoppingCart, updatedEntry: commerceCartEntry });

example(UpdateQuantityBody, { quantity: 2 });

example(ApplyCouponBody, { code: 'AUTUMN10' });

example(ChooseShippingBody, { optionId: 'a00aa3174e72eeedeabbb32a' });

example(StockResult, {
  results: [
    {
      itemId: '1dbd00558d50a39c78eab63d',
      variantId: '7881119dbb3ad591ce30327e',
      sku: 'HP-THROW-OAT',
      unlimited: true,
      qtyInStock: 2,
    },
  ],
});

example(SubscriptionCartBody, {
  itemId: 'f97ab1cdbb611a7d6fd0f12a',
  sku: 'HP-THROW-OAT',
  qty: 2,
  additionalFields: '{"Engraving":"M.L."}',
});

example(SubscriptionCartResponse, { cartToken: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6' });

const address = example(Address, {
  name: 'Maya Lindqvist',
  line1: '12 Harbour Way',
  line2: 'Studio 3',
  city: 'Portland',
  region: 'OR',
  postalCode: '97209',
  country: 'US',
});

example(AccountResponse, {
  orders: [
    {
      id: 'ord_5f2b9c1e',
      orderNumber: 1042,
      status: 'fulfilled',
      createdAt: '2026-11-20T14:32:00.000Z',
      grandTotal: { value: '10420', currency: 'USD' },
      lines: ['Linen Apron (Size: M) × 1', 'Beeswax Pillar Candle Trio × 2'],
      tracking: { carrier: 'USPS', number: '9400 1111 2020 3344 5566 77' },
      receiptToken: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
    },
  ],
  addresses: [address],
});

const cardDetails = example(CardDetails, { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2029, cvc: '123' });

example(CheckoutBody, {
  email: 'maya.lindqvist@example.com',
  shippingAddress: address,
  card: cardDetails,
  giftCardCode: 'HPGC-7Q4M-2XK9',
  cartToken: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
});

const money = example(Money, { value: '8900', currency: 'USD' });
/** Money in US cents, as the contracts write it. */
const usd = (value: string) => ({ value, currency: 'USD' as const });

const orderItem = example(OrderItem, {
  itemId: 'ac57d2fe5f488a80dbf488e1',
  variantId: 'cab086f662107c3e4b777ee5',
  sku: 'HP-THROW-OAT',
  productName: 'Merino Wool Throw',
  productType: 3,
  quantity: 1,
  unitPrice: money,
  additionalFields: '{"Engraving":"M.L."}',
});

const subscriptionPlan = example(SubscriptionPlan, { billingPeriod: { value: 3, unit: 'WEEK' }, numBillingCycles: 3 });

const subscriptionRecord = example(SubscriptionRecord, {
  id: 'abb659d967a25dfb5ef3dd34',
  itemId: 'fa26f1507882fc418755ae32',
  sku: 'HP-THROW-OAT',
  plan: subscriptionPlan,
  cyclesBilled: 3,
  nextBillingDate: '2026-11-20T14:32:00.000Z',
  status: 'active',
  price: money,
});

const orderRefund = example(OrderRefund, {
  id: '19040aeb5ca5ff52606b7418',
  amount: usd('9171'),
  toCard: usd('9171'),
  toGiftCard: usd('0'),
  restocked: [
    {
      itemId: '42a05dad62fcc72f1ccc8292',
      variantId: '9b3f6cf0fc60ac5980ac3e9c',
      sku: 'HP-THROW-OAT',
      quantity: 2,
    },
  ],
  reason: 'Arrived damaged in transit',
  createdAt: '2026-11-20T14:32:00.000Z',
});

const order = example(Order, {
  id: '842edab60282df583124098e',
  orderNumber: 1042,
  kind: 'order',
  websiteId: 'demo',
  purchasedCartId: 'a55ebe832f86fa4f3458228c',
  status: 'paid',
  testMode: false,
  email: 'maya.lindqvist@example.com',
  shippingAddress: address,
  items: [orderItem],
  subtotal: usd('8900'),
  discountTotal: usd('890'),
  shippingTotal: usd('500'),
  taxTotal: usd('661'),
  taxIncluded: false,
  giftCardTotal: usd('0'),
  grandTotal: usd('9171'),
  amountCharged: usd('9171'),
  giftCardsIssued: [],
  subscription: subscriptionRecord,
  createdAt: '2026-11-20T14:32:00.000Z',
  receiptToken: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
  refundedTotal: usd('0'),
  refunds: [],
});

const paymentStep = example(PaymentStep, {
  provider: 'stripe',
  publishableKey: 'pk_test_51HarbourPineDemo',
  clientSecret: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
  intentId: '0a40b125e0072737d8d805ed',
});

example(CheckoutResponse, { order: order, receiptToken: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6', payment: paymentStep });

example(DonationBody, { amount: '89.00', email: 'maya.lindqvist@example.com', name: 'Maya Lindqvist', card: cardDetails });

example(OrderResponse, { order: order });

example(GiftCardBalance, { code: 'HPGC-7Q4M-2XK9', balance: money, initial: money });

const inventoryRow = example(InventoryRow, {
  itemId: '44e592f3514f9d99a91b8b69',
  variantId: '16f9a18658fa5027477a55b5',
  sku: 'HP-THROW-OAT',
  title: 'Merino Wool Throw',
  productType: 3,
  qtyInStock: 2,
  unlimited: true,
});

example(InventoryList, { inventory: [inventoryRow] });

example(UpdateStockBody, { qtyInStock: 2, unlimited: true });

example(StoreRules, {
  minimumOrderSubtotalCents: 5000,
  taxRules: [taxRule],
  shippingOptions: [shippingOption],
  minimumDonationCents: 5000,
  pricesIncludeTax: false,
});

const taxRuleInput = example(TaxRuleInput, {
  id: 'e763ca5d42287ed7a42faccc',
  name: 'Oregon sales tax',
  country: 'US',
  region: 'OR',
  rateBps: 825,
  appliesToShipping: false,
});

const shippingOptionInput = example(ShippingOptionInput, {
  id: 'b395bd47c0d745b1cd2cacaf',
  name: 'Standard shipping',
  rateCents: 500,
  freeOverCents: 5000,
  countries: ['US'],
});

example(UpdateStoreRulesBody, {
  minimumOrderSubtotalCents: 5000,
  taxRules: [taxRuleInput],
  shippingOptions: [shippingOptionInput],
  minimumDonationCents: 5000,
  pricesIncludeTax: true,
});

const coupon = example(Coupon, {
  code: 'AUTUMN10',
  kind: 'percentage',
  value: 3,
  minimumSubtotalCents: 5000,
  expiresAt: '2026-11-20T14:32:00.000Z',
  combinable: true,
  usageLimit: 20,
  timesUsed: 3,
});

example(CouponList, { coupons: [coupon] });

example(CouponInput, {
  code: 'AUTUMN10',
  kind: 'percentage',
  value: 3,
  minimumSubtotalCents: 0,
  expiresAt: '2026-11-20T14:32:00.000Z',
  combinable: false,
  usageLimit: 20,
});

example(CouponResponse, { coupon: coupon });

example(CouponUpdateBody, {
  kind: 'percentage',
  value: 3,
  minimumSubtotalCents: 0,
  expiresAt: '2026-11-20T14:32:00.000Z',
  combinable: false,
  usageLimit: 20,
});

example(OrderList, { orders: [order], hasNextPage: true, nextPageCursor: 'eyJhZnRlciI6MjB9' });

example(UpdateOrderStatusBody, { status: 'fulfilled', carrier: 'USPS', trackingNumber: '9400 1111 2020 3344 5566 77' });

example(PaymentsConfig, { provider: 'test', testMode: false, publishableKey: 'pk_test_51HarbourPineDemo' });

example(WebhookReceived, { received: true, duplicate: true });

const failedMailEntry = example(FailedMailEntry, {
  id: '141badfd00f0a63a4f3e77cc',
  kind: 'order-receipt',
  to: 'maya.lindqvist@example.com',
  subject: 'Your Harbour & Pine order 1042',
  attempts: 3,
  lastError: 'Mailbox unavailable (550)',
  createdAt: '2026-11-20T14:32:00.000Z',
});

example(FailedMailList, { items: [failedMailEntry] });

example(MailResent, { resent: true });

const mailPreview = example(MailPreview, {
  kind: 'order-receipt',
  label: 'Standard shipping',
  subject: 'Your Harbour & Pine order 1042',
  text: 'Could the throw be gift-wrapped? It is a birthday present.',
  html: '<p>Thank you for your order.</p>',
});

example(MailPreviewList, { items: [mailPreview] });

example(EraseCustomerRequest, { email: 'maya.lindqvist@example.com', confirm: 'maya.lindqvist@example.com' });

example(RefundBody, { amountCents: 8900, restock: false, reason: 'Arrived damaged in transit' });

example(RefundResponse, { order: order, refund: orderRefund });

const giftCardView = example(GiftCardView, {
  id: 'c65720b0fb51c62cf9426955',
  code: 'HPGC-7Q4M-2XK9',
  initial: money,
  balance: money,
  orderId: 'ord_8KQ2M7XW',
  recipientEmail: 'maya.lindqvist@example.com',
  note: 'Arrived damaged in transit',
  createdAt: '2026-11-20T14:32:00.000Z',
});

example(GiftCardList, { giftCards: [giftCardView], hasNextPage: true, nextPageCursor: 'eyJhZnRlciI6MjB9' });

example(IssueGiftCardBody, {
  amountCents: 8900,
  recipientEmail: 'maya.lindqvist@example.com',
  note: 'Arrived damaged in transit',
});

example(GiftCardResponse, { giftCard: giftCardView });

example(ShippingOptionList, { shippingOptions: [shippingOption] });

example(ShippingOptionResponse, { shippingOption: shippingOption });

example(ShippingOptionUpdateBody, { name: 'Standard shipping', rateCents: 500, freeOverCents: 5000, countries: ['US'] });

example(Deleted, { deleted: false });

example(TaxRuleList, { taxRules: [taxRule] });

example(TaxRuleResponse, { taxRule: taxRule });

example(TaxRuleUpdateBody, { name: 'Oregon sales tax', country: 'US', region: 'OR', rateBps: 825, appliesToShipping: false });

const subscriptionView = example(SubscriptionView, {
  id: 'bc286a5e5bcd8e4f331ae9d5',
  itemId: '45f8004cdcc42680032f1611',
  sku: 'HP-THROW-OAT',
  plan: subscriptionPlan,
  cyclesBilled: 3,
  nextBillingDate: '2026-11-20T14:32:00.000Z',
  status: 'active',
  price: money,
  email: 'maya.lindqvist@example.com',
  orderId: 'ord_8KQ2M7XW',
  createdAt: '2026-11-20T14:32:00.000Z',
});

example(SubscriptionList, { subscriptions: [subscriptionView], hasNextPage: true, nextPageCursor: 'eyJhZnRlciI6MjB9' });

example(SubscriptionResponse, { subscription: subscriptionView });

example(UpdateSubscriptionStatusBody, { status: 'cancelled' });

const placePrediction = example(PlacePrediction, {
  placeId: '8322104326502affd08e3267',
  description: '12 Harbour Way, Portland, OR, USA',
  mainText: '12 Harbour Way',
  secondaryText: 'Portland, OR, USA',
});

example(PlacesAutocompleteResponse, { predictions: [placePrediction] });

const placeAddress = example(PlaceAddress, {
  line1: '12 Harbour Way',
  line2: 'Studio 3',
  city: 'Portland',
  region: 'OR',
  postalCode: '97209',
  country: 'US',
});

example(PlaceDetailsResponse, {
  result: {
    placeId: '2d46d482f5f5c3e54b8cc399',
    formattedAddress: '12 Harbour Way, Portland, OR 97209, USA',
    address: placeAddress,
    problems: ['Add the postal code.'],
  },
});

const salesWindow = example(SalesWindow, { orders: 3, totals: [{ currency: 'USD', orders: 3, totalCents: 8900 }] });

example(StoreSummary, {
  sales: { today: salesWindow, last7Days: salesWindow, previous7Days: salesWindow },
  testSales: { today: salesWindow, last7Days: salesWindow, previous7Days: salesWindow },
  toFulfil: 3,
  testToFulfil: 3,
  lowStock: 14,
  soldOut: 3,
  lowStockAt: 14,
});

example(TemplateSchema, {
  type: 1,
  name: 'Form',
  fieldsets: ['build'],
  fieldTypes: [{ type: 'text', properties: ['label'] }],
  defaults: { 'en-US': 'Harbour & Pine' },
  settingsSchema: { 'en-US': 'Harbour & Pine' },
});

example(PublicForm, {
  id: '5815e490a1de33da3e80d835',
  name: 'Contact us',
  formType: 1,
  fields: [
    { id: 'name', title: 'Name', type: 'text', description: '', placeholder: 'Your name', required: true },
    {
      id: 'email',
      title: 'Email',
      type: 'email',
      description: 'We only use it to write back.',
      placeholder: 'you@example.com',
      required: true,
    },
  ],
  submitButtonText: 'Send',
  parsedSubmissionMessage: 'Thank you! We will write back within two days.',
  submissionHTML: '<p>Thank you! We will write back within two days.</p>',
  successRedirect: null,
  parsedDisclaimerMessage: '',
  captchaEnabled: false,
  captchaTheme: 'light',
  captchaAlignment: 'left',
  captchaSize: 'normal',
});

example(ValidateFormBody, { name: 'Maya Lindqvist', email: 'maya.lindqvist@example' });

example(ValidateFormResponse, { errors: { email: 'Email is not valid. Email addresses should follow the format user@domain.com.' } });

example(SaveSubmissionBody, {
  formId: 'demo-contact-form',
  key: 'hp_live_7Q4M',
  form: 'demo-contact-form',
  captchaKey: '6LcHarbourPineDemoKey',
  pageTitle: 'Contact',
  pageId: '8077417d3f2627ccefcd8a4e',
  contentSource: 'i',
  pagePath: '/shop/p/merino-wool-throw',
  pagePermissionTypeValue: 3,
});

example(SaveSubmissionResponse, {
  submissionId: 'bc0c40feff793c055662885d',
  successRedirect: '/thank-you',
  parsedSubmissionMessage: 'Thank you! We will write back within two days.',
  submissionHTML: '<p>Thank you! We will write back within two days.</p>',
});

example(NewsletterSubscribeBody, { email: 'maya.lindqvist@example.com', captchaKey: '6LcHarbourPineDemoKey', language: 'en-US' });

example(NewsletterSubscribeResponse, { status: 'pending' });

const formSettings = example(FormSettings, {
  name: 'Contact us',
  formType: 1,
  build: {
    fields: [
      { id: 'name', title: 'Name', type: 'text', description: '', placeholder: 'Your name', required: true },
      {
        id: 'email',
        title: 'Email',
        type: 'email',
        description: 'We only use it to write back.',
        placeholder: 'you@example.com',
        required: true,
      },
    ],
    submitButtonText: 'Send',
  },
  storage: { notifyEmails: ['owner@example.com'] },
  advanced: { submissionMessage: 'Thank you! We will write back within two days.', submissionHTML: '', successRedirect: null },
  captcha: { enabled: false, theme: 'light', alignment: 'left', size: 'normal' },
  disclaimer: { enabled: false, message: '' },
});

const createFormBody = example(CreateFormBody, formSettings);

example(FormDefinition, {
  id: '0421b3aa2e0d2b7899ac9db6',
  websiteId: 'demo',
  settings: createFormBody,
  createdAt: '2026-11-20T14:32:00.000Z',
  updatedAt: '2026-11-20T14:32:00.000Z',
});

example(FormsSummary, { last24Hours: 3, last7Days: 3 });

example(SubmissionKeyResponse, { key: 'hp_live_7Q4M', expiresAt: '2026-11-20T14:32:00.000Z' });

example(CaptchaChallenge, {
  provider: 'pow',
  challengeId: 'f7da014565c99bbc9934590e',
  salt: 'c41f9a07',
  difficulty: 3,
  algorithm: 'SHA-256',
  expiresAt: '2026-11-20T14:32:00.000Z',
});

example(RestockSignupBody, {
  isJoinMailingList: false,
  productId: '0e448d43859b9392307de250',
  variantId: '44ddd882c54a381ce968424c',
  siteVisitorEmail: 'maya.lindqvist@example.com',
  captchaToken: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
  recaptchaEnterpriseV3Token: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
  language: 'en-US',
});

example(RestockSignupResponse, { success: true, message: 'Could the throw be gift-wrapped? It is a birthday present.' });

const restockSignup = example(RestockSignup, {
  id: '882e5bf704b68df3926e5d78',
  productId: '2aba0a97fdfc5f8ec467739a',
  variantId: 'd67888151d9c82df58830d0b',
  email: 'maya.lindqvist@example.com',
  language: 'en-US',
  isJoinMailingList: true,
  createdAt: '2026-11-20T14:32:00.000Z',
  notifiedAt: '2026-11-20T14:32:00.000Z',
});

example(RestockSignupsResponse, { signUps: [restockSignup], hasNextPage: true, nextPageCursor: 'eyJhZnRlciI6MjB9' });

const restockGroup = example(RestockGroup, {
  productId: '33d9bd7bfa36ac79db02e806',
  variantId: 'a75a3de3ca7fb7d07b13f8ce',
  productName: 'Merino Wool Throw',
  variantLabel: 'Oat',
  sku: 'HP-THROW-OAT',
  signUpCount: 42,
  pendingCount: 42,
  lastSignUpAt: '2026-11-20T14:32:00.000Z',
});

example(RestockGroupsResponse, { signUpGroups: [restockGroup], hasNextPage: true, nextPageCursor: 'eyJhZnRlciI6MjB9' });

example(RestockSummary, { waiting: 3, products: 3 });

const restockSendRequest = example(RestockSendRequest, { productId: '823d5dfaaf3212f886dbfb0f', variantId: '74a99f7de2ad3fef6d00da16' });

example(RestockSendResponse, { queued: 3 });

example(RestockSendAllBody, { sendRequests: [restockSendRequest] });

example(RestockSettings, {
  autoNotify: false,
  captchaEnabled: false,
  mailingListEnabled: false,
  mailingListCheckedByDefault: false,
  successText: 'Thank you! We will email you when it is back.',
});

example(MailStats, { pending: 3, sent: 3, failed: 3, delivered: 3 });

example(PasswordResetRequest, { email: 'maya.lindqvist@example.com' });

example(IdentityNotice, { message: 'Could the throw be gift-wrapped? It is a birthday present.' });

example(PasswordResetConfirm, { token: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6', password: 'pine-cone-1234' });

example(SiteUserSignUp, {
  email: 'maya.lindqvist@example.com',
  password: 'pine-cone-1234',
  name: 'Harbour & Pine',
  rememberMe: false,
});

example(SignUpConfirm, { token: 'Vb1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6', password: 'pine-cone-1234', rememberMe: false });

example(SiteUserSignedUp, { xsrfToken: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6', siteUserId: 'ab8298429530783c1ca1b80e' });

example(SiteUserLogin, {
  email: 'maya.lindqvist@example.com',
  password: 'pine-cone-1234',
  rememberMe: false,
  captchaToken: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
});

example(XsrfTokenResponse, { xsrfToken: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6' });

example(SiteUserSessionInfo, {
  authenticated: true,
  siteUserId: 'd5caacdf3124a5bb0be5b561',
  email: 'maya.lindqvist@example.com',
  name: 'Harbour & Pine',
  language: 'en-US',
  xsrfToken: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
});

example(SignedOut, { success: true });

example(SiteUserLocale, { language: 'en-US' });

example(OwnerSignUp, { email: 'owner@example.com', password: 'pine-cone-1234', name: 'Maya Lindqvist' });

example(OwnerSessionInfo, {
  authenticated: true,
  ownerId: 'ff8d272c5b146669e0c77a6f',
  email: 'owner@example.com',
  name: 'Maya Lindqvist',
  websiteId: 'demo',
  roles: [1],
  permissions: ['content:read'],
});

example(OwnerLogin, {
  email: 'owner@example.com',
  password: 'pine-cone-1234',
  rememberMe: false,
  captchaToken: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
});

const member = example(Member, {
  ownerId: 'c5d3860928b6054db5df47e9',
  email: 'owner@example.com',
  name: 'Maya Lindqvist',
  roles: [1],
});

example(MemberList, { members: [member] });

example(AddMember, { email: 'owner@example.com', roles: [1] });

example(SetMemberRoles, { roles: [1] });

const apiKey = example(ApiKey, {
  id: '5de65a95cf1b8d194fb92335',
  name: 'Inventory sync',
  prefix: 'hp_live_7Q4M',
  scopes: ['content:read'],
  ownerId: '668b7de8a0d34714a1dc7068',
  createdAt: '2026-11-20T14:32:00.000Z',
  lastUsedAt: '2026-11-20T14:32:00.000Z',
  revokedAt: '2026-11-20T14:32:00.000Z',
});

example(ApiKeyList, { apiKeys: [apiKey] });

example(CreateApiKey, { name: 'Inventory sync', scopes: ['content:read'] });

const ordersColumns = { sorting: [{ id: 'total', desc: true }], columnVisibility: { email: true, items: false } };
example(OwnerPreferenceBody, { value: ordersColumns });
example(OwnerPreference, { key: 'table.orders', value: ordersColumns, updatedAt: '2026-11-20T14:32:00.000Z' });

example(ApiKeyCreated, {
  id: 'd9b861eb45c050490e29686f',
  name: 'Inventory sync',
  prefix: 'hp_live_7Q4M',
  scopes: ['content:read'],
  ownerId: '0154b472ab9c6c894116eeb5',
  createdAt: '2026-11-20T14:32:00.000Z',
  lastUsedAt: '2026-11-20T14:32:00.000Z',
  revokedAt: '2026-11-20T14:32:00.000Z',
  key: 'hp_live_7Q4M',
});

const ownerWebsite = example(OwnerWebsite, {
  id: '41e43b708a420c918acadcbb',
  title: 'Merino Wool Throw',
  domains: ['harbourandpine.example'],
  roles: [1],
});

example(OwnerWebsiteList, { websites: [ownerWebsite] });

example(WebsiteHandoff, {
  websiteId: 'demo',
  domain: 'harbourandpine.example',
  token: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
  expiresAt: '2026-11-20T14:32:00.000Z',
});

example(RedeemHandoff, { token: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6' });

example(RecordHitForm, {
  event: '1',
  data: '{"websiteId":"demo","url":"https://harbourandpine.example/shop/p/merino-wool-throw","title":"Merino Wool Throw — Harbour & Pine","locale":"en-US"}',
  ss_cvr: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
  crumb: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
});

example(IngestAccepted, { accepted: 3, skipped: 'opted-out' });

example(CensusInteractionBody, {
  websiteId: 'demo',
  url: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  title: 'Merino Wool Throw',
  itemId: '69ab72098b5918c88084269a',
  collectionId: 'demo-shop',
  blockId: 'e846d0b6a71768fb3443db8e',
  formId: 'demo-contact-form',
  label: 'Standard shipping',
  destinationUrl: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  action: 'shown',
  crumb: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
});

example(RecordQuickViewBody, {
  websiteId: 'demo',
  url: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  collectionId: 'demo-shop',
  crumb: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
});

example(RecordEventForm, {
  crumb: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
  event: 'merino-wool-throw',
  data: '{"productId":"6a1f0c2d9b8e7a6f5d4c3b2a","productName":"Merino Wool Throw"}',
});

const javascriptErrorReport = example(JavascriptErrorReport, {
  message: 'Could the throw be gift-wrapped? It is a birthday present.',
  name: 'Maya Lindqvist',
  stack:
    "TypeError: Cannot read properties of undefined (reading 'price')\n    at addToCart (https://harbourandpine.example/assets/storefront.js:1:2043)",
  source: 'https://harbourandpine.example/assets/storefront.js',
  line: 3,
  column: 3,
  url: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  timestamp: 1763649120000,
  caught: true,
});

example(RecordJavascriptErrorsBody, [javascriptErrorReport]);

const providerEventBody = example(ProviderEventBody, {
  eventSchemaName: 'product_viewed',
  eventContent:
    '{"event_occurrence_timestamp":1763649120000,"page_host":"harbourandpine.example","page_path":"/shop/p/merino-wool-throw","context_website_id":"demo","resolved_locale":"en-US"}',
});

example(ProviderValidateBody, providerEventBody);

example(ProviderValidateResponse, { valid: true, schemaName: 'product_viewed' });

example(PerformanceSettingsResponse, { pageLoadId: '3f6c1b2e-8a4d-4e27-9b1f-5c2d7e9a0b14', enabled: true });

const performanceRecord = example(PerformanceRecord, { metric: 'LCP', value: 3, timestamp: 1763649120000 });

example(PerformanceRecordsBody, {
  pageLoadId: '3f6c1b2e-8a4d-4e27-9b1f-5c2d7e9a0b14',
  url: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  records: [performanceRecord],
});

example(ReplayIdResponse, { id: '3adb3c137bb922b006012c6a' });

const trafficPoint = example(TrafficPoint, { at: '2026-11-20', pageViews: 42, visits: 42, visitors: 3 });

example(TrafficReport, {
  from: 'Harbour & Pine <shop@harbourandpine.example>',
  to: 'maya.lindqvist@example.com',
  interval: 'day',
  totals: { pageViews: 42, visits: 42, visitors: 3 },
  series: [trafficPoint],
});

example(TopPagesReport, {
  from: 'Harbour & Pine <shop@harbourandpine.example>',
  to: 'maya.lindqvist@example.com',
  pages: [{ path: '/shop/p/merino-wool-throw', views: 42 }],
});

example(ReferrersReport, {
  from: 'Harbour & Pine <shop@harbourandpine.example>',
  to: 'maya.lindqvist@example.com',
  referrers: [{ host: 'harbourandpine.example', views: 42 }],
});

example(DevicesReport, {
  from: 'Harbour & Pine <shop@harbourandpine.example>',
  to: 'maya.lindqvist@example.com',
  devices: [{ device: 'desktop', pageViews: 42, visits: 42, visitors: 3, share: 3 }],
});

example(FunnelReport, {
  from: 'Harbour & Pine <shop@harbourandpine.example>',
  to: 'maya.lindqvist@example.com',
  totals: { views: 42, addsToCart: 3, purchases: 3 },
  rates: { addToCart: 3, purchase: 3 },
  products: [
    {
      productId: '07ae003282e3a4cf5f52496d',
      title: 'Merino Wool Throw',
      views: 42,
      addsToCart: 3,
      purchases: 3,
      purchasedQuantity: 2,
    },
  ],
});

example(SalesReport, {
  from: 'Harbour & Pine <shop@harbourandpine.example>',
  to: 'maya.lindqvist@example.com',
  totals: [{ currency: 'USD', orders: 3, revenue: money, averageOrderValue: money }],
  series: [{ day: '2026-11-20', currency: 'USD', orders: 3, revenue: money }],
});

example(FormsReport, {
  from: 'Harbour & Pine <shop@harbourandpine.example>',
  to: 'maya.lindqvist@example.com',
  forms: [{ formId: 'demo-contact-form', views: 42, submissions: 3, conversionRate: 0.21 }],
});

example(ErrorsReport, {
  from: 'Harbour & Pine <shop@harbourandpine.example>',
  to: 'maya.lindqvist@example.com',
  errors: [
    {
      fingerprint: '9c1e4f7a',
      name: 'Maya Lindqvist',
      message: 'Could the throw be gift-wrapped? It is a birthday present.',
      source: 'https://harbourandpine.example/assets/storefront.js',
      count: 42,
      lastDay: '2026-11-20',
    },
  ],
});

example(VitalsReport, {
  from: 'Harbour & Pine <shop@harbourandpine.example>',
  to: 'maya.lindqvist@example.com',
  metrics: [{ metric: 'LCP', device: 'desktop', p75: 3, samples: 3, rating: 'good' }],
});

example(EventsReport, {
  from: 'Harbour & Pine <shop@harbourandpine.example>',
  to: 'maya.lindqvist@example.com',
  events: [{ name: 'Maya Lindqvist', count: 42 }],
  interactions: [{ kind: 'button-click', target: 'Add to cart', count: 42 }],
});

example(AnalyticsSettings, {
  trackingEnabled: true,
  sessionReplay: { enabled: true, experiment: true },
  country: 'US',
  timeZone: 'America/Los_Angeles',
  restrictiveCookiePolicy: true,
});

example(UpdateAnalyticsSettingsBody, { trackingEnabled: true, sessionReplay: { enabled: true, experiment: true } });

const cookieSettings = example(CookieSettings, {
  bannerEnabled: true,
  restrictivePolicy: true,
  bannerText: 'We use cookies to keep your cart and to count visits.',
});

const betaFlags = example(BetaFlags, { commerceVisitorMetrics: true, videoPaywall: true, productReviewsKillSwitch: false });

const storeSettings = example(StoreSettings, {
  allowMultipleQuantityForServices: true,
  expressCheckout: true,
  customCart: true,
  nativeReviewsEnabled: true,
  importedReviewsEnabled: true,
  installmentsEnabled: true,
});

const siteStyles = example(SiteStyles, {
  bodyFont: 'system',
  headingFont: 'system',
  accent: '#2f4f4f',
  text: '#1f2a2a',
  background: '#f7f3ea',
  buttonShape: 'square',
  spacing: 'compact',
});

const siteSettingsBody = example(SiteSettingsBody, {
  currency: 'USD',
  locale: 'en-US',
  timeZone: 'America/Los_Angeles',
  country: 'US',
  cookieSettings: cookieSettings,
  siteStatus: 1,
  betaFlags: betaFlags,
  store: storeSettings,
  commentsEnabled: true,
  captchaSiteKey: '6LcHarbourPineDemoKey',
  colors: { accent: '#2f4f4f' },
  businessEmail: 'owner@example.com',
  styles: siteStyles,
  seo: {
    description: 'Waxed canvas, wool, clay and coffee from a small studio on the Portland waterfront.',
    socialImage: null,
    robotsTxt: 'Disallow: /drafts/',
    redirects: [
      { from: '/old-shop/*', to: '/shop/*', status: 301 },
      { from: '/blog/[post]', to: '/journal/[post]', status: 301 },
    ],
  },
});

const website = example(Website, {
  id: 'b2ae94090dff9c1674653a3c',
  title: 'Harbour & Pine',
  templateId: 'harbour',
  domains: ['harbourandpine.example'],
  settings: siteSettingsBody,
  createdOn: 1763649120000,
  updatedOn: 1763649120000,
});

example(UpdateWebsiteBody, { title: 'Harbour & Pine', domains: ['harbourandpine.example'] });

// Websites from starting designs (issue 34).
example(CreateWebsiteBody, { name: 'Harbour & Pine', design: 'shop', slug: 'harbour-and-pine' });
example(CreatedWebsite, {
  website: { ...website, domains: ['harbour-and-pine.sites.example'] },
  design: 'shop',
  address: 'https://harbour-and-pine.sites.example',
});
example(SwitchDesignBody, { design: 'restaurant' });
example(DeleteWebsiteBody, { confirm: 'harbour-and-pine.sites.example' });
example(DeletedWebsite, { websiteId: 'b2ae94090dff9c1674653a3c', deleted: true, purgeAfter: '2026-12-27T09:12:00.000Z' });
example(RestorableWebsiteList, {
  websites: [
    {
      websiteId: 'b2ae94090dff9c1674653a3c',
      title: 'Harbour & Pine',
      address: 'harbour-and-pine.sites.example',
      deletedAt: '2026-11-27T09:12:00.000Z',
      purgeAfter: '2026-12-27T09:12:00.000Z',
      daysLeft: 29,
    },
  ],
});
example(WebsiteUsage, {
  pages: { used: 6, max: 500 },
  products: { used: 9, max: 5000 },
  uploads: { used: 14, max: 10000 },
  storageBytes: { used: 8_412_377, max: 5_000_000_000 },
});
example(CustomDomainBody, { domain: 'harbourandpine.com' });
const customDomain = example(CustomDomain, {
  domain: 'harbourandpine.com',
  kind: 'custom',
  verified: false,
  verification: {
    txtRecord: { name: '_sitebuilder-verify.harbourandpine.com', value: 'sitebuilder-verify=q3LrV0mU0mJk0y2b6d8Zsg' },
    httpFile: { url: 'http://harbourandpine.com/.well-known/sitebuilder-verify.txt', body: 'q3LrV0mU0mJk0y2b6d8Zsg' },
    pointTo: 'sites.example',
  },
});
example(CustomDomainList, {
  domains: [{ domain: 'harbour-and-pine.sites.example', kind: 'address', verified: true, verification: null }, customDomain],
});
example(DesignList, {
  designs: [
    {
      id: 'shop',
      name: 'Market',
      purpose: 'Shop',
      description: 'A bright, airy shop front: big product grid, rounded buttons, a clean sans-serif.',
      previewUrl: 'https://design-shop.sites.example/',
      previewPath: '/_designs/shop/',
    },
  ],
});

example(UpdateSiteSettingsBody, { ...siteSettingsBody, commentsEnabled: false });

// What visitors see of the settings: all but the business email.
const { businessEmail: _businessEmail, ...publicSettings } = siteSettingsBody;

example(PublicSite, { id: 'bc357fc80af84669818f2851', title: 'Harbour & Pine', templateId: 'harbour', settings: publicSettings });

const blockBody = example(BlockBody, {
  id: 'd1585a2c01c51af7e9e92d00',
  type: 1,
  data: { text: 'Could the throw be gift-wrapped? It is a birthday present.' },
});

example(LayoutSection, {
  id: 'a7deecc5101923d4b80fec53',
  blocks: 3,
  background: '#f7f3ea',
  backgroundImage: 'https://harbourandpine.example/api/content-service/public/1.0/assets/demo/studio.jpg',
  width: 'narrow',
  spacing: 'small',
});

const layout = example(Layout, { blocks: [blockBody] });

example(CreateCollectionBody, {
  type: 1,
  title: 'Shop',
  navigationTitle: 'Shop',
  urlId: '1f6ce2fb19d95d0966237063',
  description: 'A soft throw woven from undyed merino in a small mill on the coast.',
  enabled: true,
  ordering: 'user',
  kind: 'blog',
  layout: layout,
});

const collection = example(Collection, {
  id: '2e5b7a8a7cf1dfa848fec909',
  websiteId: 'demo',
  type: 1,
  typeName: 'products',
  title: 'Shop',
  navigationTitle: 'Shop',
  urlId: 'shop',
  fullUrl: '/shop',
  description: 'A soft throw woven from undyed merino in a small mill on the coast.',
  enabled: true,
  ordering: 'user',
  layout: layout,
  gallerySettings: { 'en-US': true },
  itemCount: 42,
  createdOn: 1763649120000,
  updatedOn: 1763649120000,
});

example(UpdateCollectionBody, {
  title: 'Shop',
  navigationTitle: 'Shop',
  urlId: '1f6ce2fb19d95d0966237063',
  description: 'A soft throw woven from undyed merino in a small mill on the coast.',
  enabled: true,
  ordering: 'user',
  layout: layout,
  baseUpdatedOn: 1763649120000,
});

example(GallerySettingsBody, { 'en-US': true });

example(GallerySettingsInput, {});

const imageBody = example(ImageBody, {
  assetUrl: 'https://harbourandpine.example/api/content-service/public/1.0/assets/demo/merino-wool-throw.jpg',
  originalSize: '1600x1200',
  mediaFocalPoint: { x: 1, y: 1 },
  colorData: {
    topLeftAverage: 'c8b89a',
    topRightAverage: 'c8b89a',
    bottomLeftAverage: 'c8b89a',
    bottomRightAverage: 'c8b89a',
    centerAverage: 'c8b89a',
  },
  systemDataVariants: '',
  altText: '',
  title: '',
  body: '',
  filename: 'merino-wool-throw.jpg',
});

const lessonBody = example(LessonBody, {
  recordType: 62,
  title: 'Merino Wool Throw',
  urlId: '1f6ce2fb19d95d0966237063',
  status: 'published',
  publishOn: '2026-11-20T14:32:00.000Z',
  body: '',
  excerpt: '',
  tags: ['wool'],
  categories: ['Home'],
  starred: false,
  author: { displayName: 'Maya Lindqvist' },
  sourceUrl: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  externalLink: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  passthrough: false,
  promotedBlockType: null,
  commentState: 0,
  likeCount: 0,
  publicCommentCount: 0,
  mainImage: imageBody,
  videoUrl: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  durationSeconds: 0,
});

example(ItemBody, lessonBody);

const imageOut = example(ImageOut, imageBody);

const eventLocation = example(EventLocation, { addressLine1: '', addressLine2: '', addressCountry: '', mapLat: 3, mapLng: 3 });

const optionValueBody = example(OptionValueBody, { optionName: 'Maya Lindqvist', value: 'M.L.' });

const productVariant = example(ProductVariant, {
  id: '433e696932c0910fccc3d1b2',
  sku: 'HP-THROW-OAT',
  attributes: { Colour: 'Oat' },
  optionValues: [optionValueBody],
  priceMoney: money,
  salePriceMoney: money,
  onSale: true,
  price: 3,
  salePrice: 3,
  qtyInStock: 2,
  unlimited: true,
  mainImage: imageOut,
});

const structuredContent = example(StructuredContent, {
  productType: 1,
  variants: [productVariant],
  isSubscribable: true,
  subscriptionPlan: subscriptionPlan,
  priceMoney: money,
  salePriceMoney: money,
  onSale: true,
  additionalFieldsFormId: 'demo-contact-form',
  useCustomAddButtonText: true,
  customAddButtonText: 'Add to basket',
  giftCardDenominations: [money],
});

const contentItem = example(ContentItem, {
  id: '7b707768b2bf480f551e2fb5',
  websiteId: 'demo',
  collectionId: 'demo-shop',
  recordType: 3,
  title: 'Merino Wool Throw',
  urlId: '08e72c8eb8c0940bb897da02',
  fullUrl: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  status: 'published',
  statusLabel: 'Published',
  publishOn: 1763649120000,
  addedOn: 1763649120000,
  updatedOn: 1763649120000,
  displayIndex: 3,
  body: 'Could the throw be gift-wrapped? It is a birthday present.',
  excerpt: 'A soft throw woven from undyed merino in a small mill on the coast.',
  tags: ['wool'],
  categories: ['Home'],
  starred: true,
  author: { displayName: 'Maya Lindqvist' },
  sourceUrl: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  externalLink: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  passthrough: true,
  promotedBlockType: null,
  commentState: 3,
  likeCount: 42,
  publicCommentCount: 42,
  mainImage: imageOut,
  image: imageOut,
  assetUrl: 'https://harbourandpine.example/api/content-service/public/1.0/assets/demo/merino-wool-throw.jpg',
  durationSeconds: 3,
  videoUrl: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  startDate: 1763649120000,
  endDate: 1763649120000,
  location: eventLocation,
  structuredContent: structuredContent,
  variantOptionOrdering: ['Colour'],
  categoryIds: ['f9d9343f947bc8869b499bb2'],
  items: [imageOut],
});

example(CreateStoreCollectionBody, {
  navigationTitle: 'Shop',
  title: 'Shop',
  urlId: '1f6ce2fb19d95d0966237063',
  description: 'A soft throw woven from undyed merino in a small mill on the coast.',
  enabled: true,
});

example(StoreCollectionInput, {
  storeTitle: 'Harbour & Pine',
  addToMainNav: true,
  fallbackStoreTitle: 'Harbour & Pine',
  allCategoryDisplayName: 'Maya Lindqvist',
  websiteId: 'demo',
  templateId: 'harbour',
  isSevenOne: true,
  storeUrls: ['https://harbourandpine.example/shop/p/merino-wool-throw'],
});

example(CreateCategoryBody, {
  displayName: 'Maya Lindqvist',
  parentCategoryId: '',
  type: 'ROOT',
  pageRendering: 'LIST_VIEW',
  displayIndex: 0,
  websiteId: 'demo',
  collectionId: 'demo-shop',
});

const category = example(Category, {
  id: '96c336619d58a9459901e9a2',
  websiteId: 'demo',
  collectionId: 'demo-shop',
  displayName: 'Maya Lindqvist',
  parentCategoryId: 'a59cbff7eff84be3c09b8f1d',
  type: 'ROOT',
  pageRendering: 'LIST_VIEW',
  displayIndex: 3,
  urlSlug: 'merino-wool-throw',
  fullUrl: 'https://harbourandpine.example/shop/p/merino-wool-throw',
});

example(UpdateCategoryBody, {
  displayName: 'Maya Lindqvist',
  parentCategoryId: '4660282e71a5d713b92d66ec',
  pageRendering: 'LIST_VIEW',
  displayIndex: 3,
});

const navigationItemBody = example(NavigationItemBody, {
  title: 'Shop',
  collectionId: 'demo-shop',
  externalLink: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  memberAreaId: 'f78d0bd737a62b980ea1c344',
  items: [],
});

example(UpdateNavigationBody, { fieldName: 'mainNavigation', templateId: 'harbour', navigation: { items: [navigationItemBody] } });

const navigationLink = example(NavigationLink, {
  title: 'Shop',
  url: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  collectionId: 'demo-shop',
  externalLink: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  memberAreaId: '4454d2e08123208f9aef18ec',
  children: [],
});

example(SiteLayout, { layout: [{ identifier: 'main-navigation', templateId: 'harbour', links: [navigationLink] }] });

const headerFooter = example(HeaderFooter, {
  header: {
    siteTitle: 'Harbour & Pine',
    logo: {
      assetUrl: 'https://harbourandpine.example/api/content-service/public/1.0/assets/demo/merino-wool-throw.jpg',
      altText: 'Harbour & Pine logo',
    },
    alignment: 'left',
    sticky: true,
    showCart: true,
    showAccountLink: true,
    showSocialLinks: true,
    backgroundColor: '#f7f3ea',
    textColor: '#1f2a2a',
    blocks: [blockBody],
  },
  footer: {
    text: 'Could the throw be gift-wrapped? It is a birthday present.',
    showSocialLinks: true,
    backgroundColor: '#f7f3ea',
    textColor: '#1f2a2a',
    blocks: [blockBody],
  },
});

example(HeaderFooterBody, headerFooter);

example(MultilingualSettings, {
  defaultLanguage: 'en-US',
  languages: [{ languageCode: 'Harbour & Pine', isDefault: true, published: true, custom: true }],
  urlStrategy: 'subdirectory',
  connected: true,
  connectedOn: 1763649120000,
});

example(MultilingualStatus, { status: 'CONNECTED', connected: true, languageCount: 42, publishedLanguageCount: 42 });

example(MultilingualLanguages, { languages: [{ languageCode: 'Harbour & Pine', isDefault: true, published: true, custom: true }] });

const multilingualLanguage = example(MultilingualLanguage, { languageCode: 'en-US', isDefault: true, published: false, custom: false });

example(UpdateLanguagesBody, { languages: [multilingualLanguage] });

const commercePreferencesResponse = example(CommercePreferencesResponse, { 'en-US': 'Harbour & Pine' });

example(CommercePreferencesBody, commercePreferencesResponse);

example(ResolvedPath, { collection: collection, item: contentItem, category: category });

const searchResult = example(SearchResult, {
  itemId: 'a10a4e1f3cc841bd613ebaf8',
  recordType: 3,
  collectionId: 'demo-shop',
  kind: 'page',
  title: 'Merino Wool Throw',
  url: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  excerptHtml: '<p>A soft throw woven from undyed merino.</p>',
  assetUrl: 'https://harbourandpine.example/api/content-service/public/1.0/assets/demo/merino-wool-throw.jpg',
  rank: 3,
});

example(SearchResponse, { query: 'merino', page: 1, pageSize: 20, total: 42, results: [searchResult] });

example(UploadedAsset, {
  id: '5c38e81ccbc031ae5a4cc2e0',
  assetUrl: 'https://harbourandpine.example/api/content-service/public/1.0/assets/demo/merino-wool-throw.jpg',
  filename: 'merino-wool-throw.jpg',
  contentType: 'image/jpeg',
  size: 20,
  originalSize: '1600x1200',
});

const mediaFocalPoint = example(MediaFocalPoint, { x: 1, y: 1 });

const mediaUsage = example(MediaUsage, {
  kind: 'product',
  id: '51297f57f4b9add55e8868e6',
  collectionId: 'demo-shop',
  title: 'Merino Wool Throw',
  altRequired: true,
  altMissing: true,
});

const mediaAsset = example(MediaAsset, {
  id: 'Qm7xK2pL9vR4tY8wZ1aB3c',
  file: 'merino-wool-throw.jpg',
  assetUrl: 'https://harbourandpine.example/api/content-service/public/1.0/assets/demo/merino-wool-throw.jpg',
  filename: 'merino-wool-throw.jpg',
  contentType: 'image/jpeg',
  size: 20,
  originalSize: '1600x1200',
  widths: [1600],
  altText: 'Harbour & Pine logo',
  mediaFocalPoint: mediaFocalPoint,
  replacedBy: 'Qm7xK2pL9vR4tY8wZ1aB3c',
  createdOn: 1763649120000,
  usages: [mediaUsage],
  altWarning: 'Add a description of the image for screen readers.',
});

example(MediaList, { assets: [mediaAsset] });

example(UpdateMediaBody, { altText: 'Harbour & Pine logo', mediaFocalPoint: mediaFocalPoint });

example(ReplacedMedia, { asset: mediaAsset, replaced: 3 });

example(PostCommentBody, {
  body: 'The glaze on this bowl is even lovelier in person.',
  authorName: 'Maya Lindqvist',
  authorEmail: 'maya.lindqvist@example.com',
  captchaKey: '6LcHarbourPineDemoKey',
  parentId: '6e170f50636d75f94e229137',
});

example(PostCommentResponse, {
  comment: {
    id: '70ed2717eec86fb5ae7b1e43',
    itemId: 'f7e8ba3155af48584b3002c9',
    authorName: 'Maya Lindqvist',
    body: 'The glaze on this bowl is even lovelier in person.',
    fromSite: true,
    createdOn: 1763649120000,
    parentId: '9f51f28ca8ea8503368e814b',
    status: 'pending',
  },
  message: 'The glaze on this bowl is even lovelier in person.',
});

example(LikeState, { itemId: '7357363d742eeafd3e375adb', likeCount: 42, liked: true });

const memberAreaPlan = example(MemberAreaPlan, {
  productId: '36e17e91efa5b6ed74e5ca7c',
  title: 'Workshop members',
  fullUrl: 'https://harbourandpine.example/shop/p/merino-wool-throw',
});

example(MemberAreaSummary, {
  id: '007fb6af4a13e88f520e1758',
  title: 'Workshop members',
  description: 'A soft throw woven from undyed merino in a small mill on the coast.',
  access: 'free',
  deniedMessage: 'This page is for workshop members. Sign in or join to see it.',
  plans: [memberAreaPlan],
  pages: [
    {
      collectionId: 'demo-shop',
      title: 'Workshop members',
      fullUrl: 'https://harbourandpine.example/shop/p/merino-wool-throw',
    },
  ],
  hasAccess: true,
  signedIn: true,
});

const popupOverlay = example(PopupOverlay, {
  enabled: true,
  kind: 'newsletter',
  title: 'Studio letters',
  body: 'A short letter each month: new makes, market dates, no noise.',
  buttonText: 'Sign up',
  buttonUrl: 'https://harbourandpine.example/journal',
  formId: 'demo-newsletter',
  delaySeconds: 8,
  hideForDays: 14,
  pages: 'all',
  version: 3,
  updatedOn: 1763649120000,
});

example(PublicPopupOverlay, { popup: popupOverlay });

example(CommentsSummary, { toApprove: 3 });

example(ModerateCommentBody, { status: 'approved' });

example(OwnerComment, {
  id: 'c76b00e92238a6e8d3933c1c',
  itemId: 'da7db6dfd6bfeebcceeee985',
  authorName: 'Maya Lindqvist',
  body: 'The glaze on this bowl is even lovelier in person.',
  fromSite: true,
  createdOn: 1763649120000,
  parentId: '2e16f1d58fa2814aaa9f740b',
  status: 'pending',
  authorEmail: 'owner@example.com',
  siteUserId: '08f0c8a0a9ec029a4a9cfbc0',
  itemTitle: 'Hand-thrown Serving Bowl',
  itemUrl: 'https://harbourandpine.example/shop/p/merino-wool-throw',
  updatedOn: 1763649120000,
});

example(OwnerCommentBody, {
  body: 'The glaze on this bowl is even lovelier in person.',
  authorName: 'Maya Lindqvist',
  parentId: '61bfd5f6fbc0e833878ba22f',
});

example(MemberAreaBody, {
  title: 'Workshop members',
  description: '',
  access: 'free',
  planProductIds: ['be4331873f19ff5f2ca98c04'],
  collectionIds: ['demo-shop'],
  deniedMessage: '',
});

example(MemberArea, {
  id: '823db7be1a8471643f692830',
  websiteId: 'demo',
  title: 'Workshop members',
  description: 'A soft throw woven from undyed merino in a small mill on the coast.',
  access: 'free',
  planProductIds: ['256bcc705554cf728326a160'],
  collectionIds: ['demo-shop'],
  deniedMessage: 'This page is for workshop members. Sign in or join to see it.',
  memberCount: 42,
  createdOn: 1763649120000,
  updatedOn: 1763649120000,
});

example(GrantMemberBody, { siteUserId: '6ffd819c47e56243c4563d85' });

example(MemberGrant, {
  memberAreaId: '782cb71066729e2b60de172e',
  siteUserId: 'be8d0a2759eeedd34aeda47a',
  source: 'owner',
  orderId: 'ord_8KQ2M7XW',
  subscriptionId: '64b68884e026bf84e62c2eae',
  grantedOn: 1763649120000,
});

// The body an owner sends is the popup without what the service stamps on it.
const { version: _version, updatedOn: _updatedOn, ...popupOverlayBody } = popupOverlay;
example(PopupOverlayBody, popupOverlayBody);

example(PreviewBody, { collectionId: 'demo-shop', layout: layout, only: [3], styles: siteStyles });

example(PreviewResponse, {
  html: '<p>Thank you for your order.</p>',
  blocks: [{ index: 3, html: '<p>Thank you for your order.</p>' }],
});

example(Erasure, {
  id: '1c58688a009c2057a4dd82d1',
  websiteId: 'demo',
  requestedBy: 'maya.lindqvist@example.com',
  requestedAt: '2026-11-20T14:32:00.000Z',
});

example(MailboxMessage, {
  id: '3525317311136203b11f7a31',
  kind: 'order-receipt',
  from: 'Harbour & Pine <shop@harbourandpine.example>',
  to: 'maya.lindqvist@example.com',
  subject: 'Your Harbour & Pine order 1042',
  text: 'Could the throw be gift-wrapped? It is a birthday present.',
  html: '<p>Thank you for your order.</p>',
  deliveredAt: '2026-11-20T14:32:00.000Z',
});

example(PublicComment, {
  id: '76ca050e28aa26abe57705b9',
  itemId: '7e591d89159df45994eb3244',
  authorName: 'Maya Lindqvist',
  body: 'The glaze on this bowl is even lovelier in person.',
  fromSite: true,
  createdOn: 1763649120000,
  parentId: '636f240335b797b146b54a0d',
});

example(NewsletterSubscriber, {
  id: '5bfbd55c354aec45fa890341',
  email: 'maya.lindqvist@example.com',
  status: 'pending',
  language: 'en-US',
  createdAt: '2026-11-20T14:32:00.000Z',
  confirmedAt: '2026-11-20T14:32:00.000Z',
  unsubscribedAt: '2026-11-20T14:32:00.000Z',
});

example(FormSubmission, {
  id: '2b0187c824b32329439ac7e4',
  formId: 'demo-contact-form',
  values: { email: 'maya.lindqvist@example.com' },
  pageTitle: 'Contact',
  pageId: 'dded4c398a2a35534039f0a0',
  contentSource: 'i',
  pagePath: '/shop/p/merino-wool-throw',
  pagePermissionTypeValue: 3,
  createdAt: '2026-11-20T14:32:00.000Z',
});

const storeCustomer = example(StoreCustomer, {
  email: 'visitor@example.com',
  name: 'Maya Lindqvist',
  account: true,
  newsletter: 'confirmed',
  subscription: null,
  orders: 2,
  totals: [{ currency: 'USD', spentCents: 17800 }],
  firstOrderAt: '2026-10-02T09:15:00.000Z',
  lastOrderAt: '2026-11-20T14:32:00.000Z',
});
example(StoreCustomerList, { customers: [storeCustomer] });

example(StoreCreated, { collection, rootCategoryId: '5f2c9e7a1b3d4c6e8f0a1b2c' });

example(ProductImportBody, { csv: 'Title,SKU,Price,Stock\nMerino Wool Throw,HP-THROW-01,89.00,12\n', dryRun: true });
example(ProductImportResult, {
  dryRun: true,
  products: [{ line: 2, title: 'Merino Wool Throw', sku: 'HP-THROW-01' }],
  unchanged: [],
  problems: [],
  imported: 0,
});

example(SitemapSummary, {
  types: [
    { type: 'pages', count: 6, lastmod: 1795737600000 },
    { type: 'products', count: 9, lastmod: 1795824000000 },
    { type: 'posts', count: 3, lastmod: 1795651200000 },
    { type: 'events', count: 2, lastmod: 1795564800000 },
    { type: 'galleries', count: 1, lastmod: 1795478400000 },
    { type: 'categories', count: 3, lastmod: null },
  ],
});

example(SitemapEntries, {
  entries: [
    {
      path: '/shop/p/merino-wool-throw',
      lastmod: 1795824000000,
      images: ['/api/content-service/1.0/assets/demo/Qm9yZWFsLXRocm93LTAwMQ.jpg'],
    },
    { path: '/shop/p/waxed-canvas-market-tote', lastmod: 1795737600000, images: [] },
  ],
  next: 'MjQ1NWJmMGU2ZmViOTc3ZGUxOGM1MDk4',
});
