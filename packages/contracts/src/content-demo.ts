// Stable ids of the demo website's content, so other services' seeds and tests can refer to them
// (the forms service seeds the additional-fields form the engraved product points at).
export const DEMO_CONTENT = Object.freeze({
  templateId: 'harbour',
  shopCollectionId: 'demo-shop',
  journalCollectionId: 'demo-journal',
  galleryCollectionId: 'demo-gallery',
  eventsCollectionId: 'demo-events',
  homeCollectionId: 'demo-home',
  aboutCollectionId: 'demo-about',
  /** The contact page and its form block's form. */
  contactCollectionId: 'demo-contact',
  contactFormId: 'demo-contact-form',
  /** The newsletter form the home page's and the footer's newsletter blocks sign visitors up to. */
  newsletterFormId: 'demo-newsletter',
  /** The form the engraved notebook asks buyers to fill in (initials to engrave). */
  engravingFormId: 'demo-engraving-form',
  products: Object.freeze({
    tote: 'demo-product-canvas-tote',
    throw: 'demo-product-wool-throw',
    bowl: 'demo-product-serving-bowl',
    candles: 'demo-product-candle-trio',
    guide: 'demo-product-sourdough-guide',
    workshop: 'demo-product-pottery-workshop',
    giftCard: 'demo-product-gift-card',
    coffee: 'demo-product-coffee-subscription',
    notebook: 'demo-product-engraved-notebook',
  }),
});
