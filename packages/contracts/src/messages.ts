// The catalogue of user-facing SPEC strings. Every service and the web app take their wording from
// here so that a message reads the same wherever it is produced. The text is verbatim from the SPEC,
// character for character (real ellipsis '…' in 'Adding…', straight quotes where the SPEC has them);
// where the SPEC abbreviates, the full form is written out. `{name}` marks a placeholder that
// formatMessage fills.

/** SPEC 2: the floating cart pill (visible count and spoken label). */
export const CartPillMessages = {
  /** Spoken label above 100 items. */
  moreThanHundredItems: 'More than 100 items in cart',
  oneItem: 'One item in cart',
  manyItems: '{n} items in cart',
  /** Spoken label when the pill has no quantity element. */
  cart: 'Cart',
  /** Visible count above 100 (SPEC 9). */
  countOverflow: '100+',
  itemSingular: 'item',
  itemPlural: 'items',
} as const;

/** SPEC 4 button states and SPEC 5 "Add to cart" validation. */
export const AddToCartMessages = {
  adding: 'Adding…',
  added: 'Added!',
  selectOption: 'Please select the {option} option.',
  selectTwoOptions: 'Please select the {option1} and {option2} options.',
  selectManyOptions: 'Please select the {optionsList} and {lastOption} options.',
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  notEnoughStock: 'Sorry, we do not have enough of that item available.',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number',
  giftCardDenominationRequired: 'Select a denomination for the Gift Card',
} as const;

/** SPEC 8 "Cart": crumb and rate-limit failures, alert titles and cart-page strings. */
export const CartMessages = {
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  enableCookies: 'Please enable cookies in your browser, reload the page, and try again.',
  rateLimited: 'Please try again in a few seconds.',
  unableToAddItemTitle: 'Unable to Add Item',
  unableToPurchaseItemTitle: 'Unable to Purchase Item',
  unableToPurchaseGiftCardTitle: 'Unable to purchase Gift Card',
  unableToUpdateQuantity: 'Unable to update quantity',
  unableToRemoveItem: 'Unable to remove item',
  unableToAddItem: 'Unable to add item',
  unableToUpdateForm: 'Unable to update form',
  unableToOpenForm: 'Unable to open form',
  tryAgain: 'Please try again.',
  checkConnection: 'Please check your internet connection.',
  minimumSubtotal: 'To check out, your order subtotal must be {subtotal} or more.',
  emptyCart: 'You have nothing in your shopping cart.',
} as const;

/** SPEC 9 installment pill texts ('N interest-free payments of amount' written out). */
export const InstallmentMessages = {
  payments: '{n} interest-free payments of {amount}',
  /** Followed by the provider brand (Afterpay or Clearpay). */
  paymentsWith: 'or {n} interest-free payments of {amount} with',
  availableUpTo: 'available for orders up to {amount}',
  availableOver: 'available for orders over {amount}',
} as const;

/** SPEC 5 colour validation. */
export const ColourMessages = {
  hueOutOfBounds: 'Hue out of bounds.',
  saturationOutOfBounds: 'Saturation out of bounds.',
  lightnessOutOfBounds: 'Lightness out of bounds.',
  alphaOutOfBounds: 'Alpha out of bounds.',
  missingHslValue: 'Missing an H/S/L value.',
} as const;

/** SPEC 5 owner-side validation messages. */
export const OwnerMessages = {
  invalidEmail: 'Please enter a valid email',
  emailFormat: 'Emails must be formatted as {email}',
  // The SPEC names both examples {host}; formatMessage fills both with the same value.
  linkFormat: 'Links must be formatted as {host} or {host}',
  invalidPageUrl: '{val} is not a valid page URL',
  unexpectedOption: '{val} is not one of the expected options',
  fileNameRequired: 'Please enter a file name',
  tagExists: 'This {tagType} already exists',
  editOneTagAtATime: 'You may only edit one {tagType} at a time',
  listRequired: 'A List must be selected',
  datasetNeedsColumn: 'Your dataset must have at least one column',
  datasetNeedsRow: 'Your dataset must have at least one row',
  rowsMissingData: 'One or more rows was missing data',
  unsupportedFile: 'The file {fileName} does not appear to be a supported file',
  fileTooLarge: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.',
  vimeoBasicUnsupported: 'Vimeo Basic accounts are unsupported',
} as const;

/** SPEC 8 owner-side UI strings. */
export const OwnerUiMessages = {
  somethingWentWrong: 'Something went wrong',
  networkError: 'Network error',
  unableToLoadResults: 'Unable to load results',
  unableToLoadCollections: 'Unable to load collections',
  unableToLoadFonts: 'Unable to load fonts',
  fileUploadIncomplete: 'File upload failed to complete',
  fileProcessingIncomplete: 'File processing failed to complete',
  fileProcessingFailed: 'File processing failed',
  fileProcessingCancelled: 'File processing cancelled',
  noJobResponseData: 'No response data from job request',
  unableToConnect: 'Unable to connect. Please try again',
  unableToRenameFile: 'Unable to Rename File',
  unableToUploadFile: 'Unable to Upload File',
  unableToLocateContent: 'Unable to locate content',
  // The SPEC mentions a timezone load failure message without quoting it; this wording is ours.
  unableToLoadTimezones: 'Unable to load time zones',
} as const;

/** SPEC 8 "Infrastructure": tracking, storage, navigation, captcha and pricing messages. */
export const InfrastructureMessages = {
  trackingFailed: 'Error tracking event: HTTP Status {code}',
  analyticsIdNotStored: 'Unable to store analyticsId',
  storageUnavailable: 'Unable access local/session storage.',
  mainNavigationMissing: 'Unable to find site main navigation',
  captchaNotSetUp: 'Captcha has not been set up',
  /** Subscription price wording when no variant combination matches. */
  subscriptionPriceUnavailable: 'Unavailable',
} as const;

/** SPEC 8 template-engine errors (the operator messages are followed by the operator). */
export const TemplateEngineMessages = {
  invalidHexEscape: 'Invalid 2-char hex escape found',
  invalidUnicodeEscape: 'Invalid unicode escape found',
  mismatchedOperator: 'Mismatched operator found:',
  unexpectedOperator: 'Unexpected operator found during evaluation:',
  unterminatedString: 'Unterminated string',
  illegalBareCharacter: 'Illegal bare character in string literal',
  duplicateDecimalPoint: 'Duplicate decimal point in number',
  missingExponentDigit: 'Expected a digit after exponent in decimal number',
  invalidFunction: 'Invalid function',
  functionCallFailed: 'Error calling function',
  invalidOperatorArguments: 'Invalid arguments to operator',
  stringTooLong: 'Concatenation would exceed maximum string length',
  tooManyTokens: 'Expression exceeds the maximum number of allowed tokens',
  invalidSourceParameter: 'Invalid source parameter. Pass in originalSize',
  unitsMetricNotImplemented: '"units-metric?" formatter is not yet implemented',
  invalidDate: 'Invalid date.',
} as const;

/** SPEC 9 relative time wording. */
export const TimeMessages = {
  lessThanAMinuteAgo: 'less than a minute ago',
} as const;

/** SPEC 9 "Default labels" (used when the site or product configures none). */
export const Labels = {
  addToCart: 'Add To Cart',
  subscribe: 'Subscribe',
  quantity: 'Quantity',
  selectValue: 'Select Value',
  selectVariant: 'Select {variantName}',
  value: 'Value',
  quickView: 'Quick View',
  soldOut: 'sold out',
  sale: 'sale',
  /** An unanswered form field in a form-answer summary. */
  notAnswered: 'N/A',
  /** Appended by the template text-truncation helper. */
  truncationSuffix: '...',
} as const;

/** SPEC 9 default likert answers, in order of answer value -2, -1, 0, 1, 2. */
export const LIKERT_DEFAULT_LABELS = Object.freeze(['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'] as const);

/** The placeholder names of a template literal type: 'a {x} b {y}' → 'x' | 'y'. */
export type MessagePlaceholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | MessagePlaceholders<Rest>
  : never;

export type MessageParamValue = string | number | bigint;

/** The parameters a template needs; any names when the template is only known as `string`. */
export type MessageParams<T extends string> = string extends T
  ? Readonly<Record<string, MessageParamValue>>
  : Readonly<Record<MessagePlaceholders<T>, MessageParamValue>>;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Fills every `{name}` placeholder of a template from params; throws if one is missing. */
export function formatMessage<T extends string>(
  template: T,
  ...[params]: [MessagePlaceholders<T>] extends [never] ? [params?: MessageParams<T>] : [params: MessageParams<T>]
): string {
  const values: Readonly<Record<string, MessageParamValue>> = params ?? {};
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    // Own properties only, so a placeholder such as {constructor} cannot read the prototype.
    if (!Object.prototype.hasOwnProperty.call(values, name)) {
      throw new Error(`Missing message parameter {${name}} for: ${template}`);
    }
    return String(values[name]);
  });
}

/** What the admin's forms say (issue 35; their schemas are in admin-forms.ts) (a toast after a save, the note above the fields, a field's error). */
export const AdminFormMessages = {
  saved: '{thing} saved',
  notSaved: '{thing} not saved',
  checkFields: 'Check the fields marked below.',
  required: 'Enter {field}.',
  tooLong: '{field} can be at most {max} characters long.',
  amount: 'Enter {field} as an amount such as {example}.',
  amounts: 'Enter {field} as amounts separated by commas, e.g. 25, 50.',
  wholeNumber: '{field} must be a whole number from {min} to {max}.',
  positiveAmount: 'Enter {field} as an amount above 0, such as {example}.',
  countryCode: 'Enter the country as two letters, e.g. US.',
  countryList: 'Countries are two-letter codes such as US, separated by commas.',
  weightBands: 'Write the weight rates as grams=amount, e.g. 1000=9.00, 3000=14.00.',
  weightBandsDistinct: 'Each weight rate needs its own weight.',
  taxRate: 'A tax rate is between 0 and 100 %.',
  redirectLine: 'Line {line} of the redirects is not “/from -> /to 301”.',
  publishOnRequired: 'A scheduled item needs a publish date in the future.',
  eventDatesRequired: 'An event needs a start and an end.',
  ticketPrice: 'Enter the ticket price in {currency}, such as 12.50 (0 for free admission).',
} as const;
