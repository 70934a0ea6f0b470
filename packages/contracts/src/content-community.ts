// Visitor-facing site features of the content service (issue 11): blog comments and their
// moderation, likes, member areas (block 67, page type 106) with lessons, the popup overlay
// (slide type popup-overlay, SPEC 3 local storage keys) and experiment flags. The SPEC names the
// fields (publicCommentCount, commentState, likeCount; closed-date, version, submitted) and the
// rules (SPEC 4 "Other"); routes, limits and wording beyond those are our design, kept here so the
// services and the web app say the same thing.
import { z } from 'zod';
import { PageUrl } from './content-image.js';
import { formatMessage } from './messages.js';
import { EmailPatterns } from './rules.js';

const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

// ---------------------------------------------------------------------------------------------
// Comments (SPEC 3 "Comment: publicCommentCount, commentState"; SPEC 4 "Other")

/** Item commentState values: 1 on, 0 off, 2 closed (the comments stay, no new ones). */
export const CommentState = { OFF: 0, ON: 1, CLOSED: 2 } as const;

export const COMMENT_LIMITS = Object.freeze({
  bodyLength: 2_000,
  nameLength: 100,
  emailLength: 256,
  /** Comments one client address may post on a website per window. */
  perWindow: 5,
  windowMs: 10 * 60_000,
  /** Likes and unlikes one client address may send per window. */
  likesPerWindow: 60,
  likeWindowMs: 60_000,
  /** Comments shown with an item on its page (the rest page through the public route). */
  shownWithItem: 50,
});

/** What commenters and moderators are told. The SPEC shows no comment wording; this is ours. */
export const CommentMessages = {
  commentsOff: 'Comments are closed on this post.',
  bodyRequired: 'Please write a comment.',
  bodyTooLong: formatMessage('A comment can be at most {max} characters long.', { max: COMMENT_LIMITS.bodyLength }),
  nameRequired: 'Please enter your name.',
  nameTooLong: formatMessage('Names can be at most {max} characters long.', { max: COMMENT_LIMITS.nameLength }),
  emailInvalid: 'Please enter a valid email',
  awaitingApproval: 'Thank you! Your comment will appear once it has been approved.',
  published: 'Your comment has been posted.',
  rateLimited: 'You are commenting too quickly. Please try again in a few minutes.',
  commentNotFound: 'This comment does not exist.',
  /** Replies go one level deep: a reply answers a comment, never another reply. */
  replyToReply: 'You can reply to a comment, not to a reply.',
  replyParentMissing: 'The comment you are replying to is not there any more.',
  likeRateLimited: 'Please try again in a few seconds.',
} as const;

export const CommentStatus = z.enum(['pending', 'approved', 'hidden']);
export type CommentStatus = z.infer<typeof CommentStatus>;

/** POST .../public/1.0/items/{itemId}/comments: a visitor's (or signed-in site user's) comment. */
export const PostCommentBody = z
  .object({
    body: z
      .string()
      .max(COMMENT_LIMITS.bodyLength, { error: CommentMessages.bodyTooLong })
      .refine((text) => text.trim() !== '', { error: CommentMessages.bodyRequired }),
    authorName: z.string().trim().max(COMMENT_LIMITS.nameLength, { error: CommentMessages.nameTooLong }).optional(),
    authorEmail: z
      .string()
      .trim()
      .max(COMMENT_LIMITS.emailLength)
      .regex(EmailPatterns.owner, { error: CommentMessages.emailInvalid })
      .optional(),
    /** The solved captcha (the built-in proof of work, or a hosted provider's token). */
    captchaKey: z.string().max(4096).optional(),
    /** The comment this one replies to (a comment of the same item, itself no reply). */
    parentId: Id.optional(),
  })
  .strict();
export type PostCommentBody = z.infer<typeof PostCommentBody>;

/** POST /api/content-service/1.0/items/{itemId}/comments: an owner's comment, published at once, shown as the site's. */
export const OwnerCommentBody = z
  .object({
    body: PostCommentBody.shape.body,
    authorName: z.string().trim().min(1).max(COMMENT_LIMITS.nameLength).optional(),
    parentId: Id.optional(),
  })
  .strict();
export type OwnerCommentBody = z.infer<typeof OwnerCommentBody>;

/** A comment as every visitor sees it (approved ones only). */
export const PublicComment = z.object({
  id: z.string(),
  itemId: z.string(),
  authorName: z.string(),
  body: z.string(),
  /** Written by the site (an owner with the commenter or moderator role). */
  fromSite: z.boolean(),
  createdOn: z.number().int(),
  /** The comment this one replies to; null (or absent, from older answers) for a comment of the item itself. */
  parentId: z.string().nullable().optional(),
});
export type PublicComment = z.infer<typeof PublicComment>;

export const PostCommentResponse = z.object({
  comment: PublicComment.extend({ status: CommentStatus }),
  /** CommentMessages.awaitingApproval or .published. */
  message: z.string(),
});
export type PostCommentResponse = z.infer<typeof PostCommentResponse>;

/** A comment as moderators see it. */
export const OwnerComment = PublicComment.extend({
  status: CommentStatus,
  authorEmail: z.string().nullable(),
  siteUserId: z.string().nullable(),
  itemTitle: z.string(),
  itemUrl: z.string(),
  updatedOn: z.number().int(),
});
export type OwnerComment = z.infer<typeof OwnerComment>;

export const CommentListQuery = z
  .object({
    cursor: z.string().max(512).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export const OwnerCommentListQuery = CommentListQuery.extend({ status: CommentStatus.optional(), itemId: Id.optional() }).strict();

/** PATCH /api/content-service/1.0/comments/{commentId}: approve or hide. */
export const ModerateCommentBody = z.object({ status: z.enum(['approved', 'hidden']) }).strict();
export type ModerateCommentBody = z.infer<typeof ModerateCommentBody>;

// ---------------------------------------------------------------------------------------------
// Likes (SPEC 3 Item likeCount): one per visitor per item

/** The cookie that tells a visitor's likes apart when they are not signed in (HttpOnly, two years). */
export const LIKE_VISITOR_COOKIE = 'ss_lvid';
export const LIKE_VISITOR_COOKIE_MAX_AGE_S = 2 * 365 * 24 * 3600;

export const LikeState = z.object({ itemId: z.string(), likeCount: z.number().int(), liked: z.boolean() });
export type LikeState = z.infer<typeof LikeState>;

// ---------------------------------------------------------------------------------------------
// Member areas (block type 67, page type 106) and lessons (collection types 24, 25; record type 62)

export const MemberAreaMessages = {
  memberAreaNotFound: 'This member area does not exist.',
  accessDenied: 'This content is for members only.',
  planMustBeProduct: 'A paid member area is joined by buying one of its plans: choose at least one product.',
  collectionMissing: 'The page {id} does not exist on this website.',
  collectionInOtherArea: 'A page can belong to one member area only.',
  /** The CTA of the access-denied page. */
  signIn: 'Sign in',
  join: 'Join for free',
  buy: 'Become a member',
} as const;

export const MemberAreaAccessKind = z.enum(['free', 'paid']);
export type MemberAreaAccessKind = z.infer<typeof MemberAreaAccessKind>;

export const MemberAreaBody = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(5_000).default(''),
    /** free: every signed-in site user of the website; paid: buyers of one of its plans. */
    access: MemberAreaAccessKind.default('free'),
    /** Products (paywall or subscription) whose purchase grants access to a paid area. */
    planProductIds: z.array(Id).max(20).default([]),
    /** The pages and collections (blogs, lessons, courses) only members see. */
    collectionIds: z.array(Id).max(200).default([]),
    /** What the access-denied page says (default MemberAreaMessages.accessDenied). */
    deniedMessage: z.string().max(1_000).default(''),
  })
  .strict();
export type MemberAreaBody = z.input<typeof MemberAreaBody>;
export type ParsedMemberAreaBody = z.infer<typeof MemberAreaBody>;

export const MemberArea = z.object({
  id: z.string(),
  websiteId: z.string(),
  title: z.string(),
  description: z.string(),
  access: MemberAreaAccessKind,
  planProductIds: z.array(z.string()),
  collectionIds: z.array(z.string()),
  deniedMessage: z.string(),
  memberCount: z.number().int(),
  createdOn: z.number().int(),
  updatedOn: z.number().int(),
});
export type MemberArea = z.infer<typeof MemberArea>;

/** A plan of a paid member area as the access-denied page offers it. */
export const MemberAreaPlan = z.object({ productId: z.string(), title: z.string(), fullUrl: z.string() });

/** What a visitor may know of a member area: enough for the access-denied page and block 67. */
export const MemberAreaSummary = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  access: MemberAreaAccessKind,
  deniedMessage: z.string(),
  plans: z.array(MemberAreaPlan),
  /** The area's pages (title and URL; their content stays behind the gate). */
  pages: z.array(z.object({ collectionId: z.string(), title: z.string(), fullUrl: z.string() })),
  /** Whether the asking visitor has access. */
  hasAccess: z.boolean(),
  signedIn: z.boolean(),
});
export type MemberAreaSummary = z.infer<typeof MemberAreaSummary>;

/** The 403 body of a public read of gated content: the standard error plus the area. */
export const MemberAccessDenied = z.object({
  error: z.object({ code: z.literal('FORBIDDEN'), message: z.string() }),
  memberArea: MemberAreaSummary,
});
export type MemberAccessDenied = z.infer<typeof MemberAccessDenied>;

/** Owner: POST .../member-areas/{id}/members, a site user given access by hand. */
export const GrantMemberBody = z.object({ siteUserId: Id }).strict();
export const MemberGrant = z.object({
  memberAreaId: z.string(),
  siteUserId: z.string(),
  source: z.enum(['owner', 'order']),
  orderId: z.string().nullable(),
  /** The subscription whose order gave it (it ends with that subscription); null otherwise. */
  subscriptionId: z.string().nullable().optional(),
  grantedOn: z.number().int(),
});
export type MemberGrant = z.infer<typeof MemberGrant>;

/** SPEC 7 "gated content" analytics events: sent by lesson-site pages only when the video paywall beta flag is on (SPEC 2). */
export const LessonTrackingEvents = {
  accessDeniedPageView: 'AccessDeniedPageView',
  accessDeniedCta: 'AccessDeniedCTA',
  videoListsPageView: 'VideoListsPageView',
  videoDetailsPageView: 'VideoDetailsPageView',
  clicksThirdPartyVideo: 'ClicksThirdPartyVideo',
} as const;

// ---------------------------------------------------------------------------------------------
// Popup overlay (SPEC 3 slide type popup-overlay; local storage closed-date, version, submitted)

/** SPEC 3 popup overlay local-storage keys. */
export const PopupStorageKeys = { closedDate: 'closed-date', version: 'version', submitted: 'submitted' } as const;
/** Our namespace for those keys in the browser's storage: `{prefix}{websiteId}:{key}`. */
export const POPUP_STORAGE_PREFIX = 'sc-popup-overlay:';

export const PopupOverlayBody = z
  .object({
    enabled: z.boolean(),
    /** newsletter: an email signup (a forms newsletter form, captcha on submission); promotion: a button to a page. */
    kind: z.enum(['newsletter', 'promotion']),
    title: z.string().trim().min(1).max(200),
    body: z.string().max(2_000),
    buttonText: z.string().trim().min(1).max(60),
    /** promotion: where the button goes (a path of the site, or a full URL). */
    buttonUrl: z
      .union([
        z
          .string()
          .max(2_048)
          .regex(/^\/(?!\/)\S*$/, 'Enter a path of the site such as /shop, or a full URL.'),
        PageUrl,
      ])
      .nullable(),
    /** newsletter: the forms service's newsletter form the email is signed up to. */
    formId: Id.nullable(),
    /** Seconds after the page loads before the popup shows. */
    delaySeconds: z.number().int().min(0).max(120),
    /** Days a visitor who closed it is left alone (the version changing shows it again at once). */
    hideForDays: z.number().int().min(0).max(365),
    /** Every page, or the home page only. */
    pages: z.enum(['all', 'home']),
  })
  .strict()
  .superRefine((popup, ctx) => {
    if (popup.kind === 'newsletter' && !popup.formId)
      ctx.addIssue({ code: 'custom', path: ['formId'], message: 'A newsletter popup needs the newsletter form it signs visitors up to.' });
    if (popup.kind === 'promotion' && !popup.buttonUrl)
      ctx.addIssue({ code: 'custom', path: ['buttonUrl'], message: 'A promotion popup needs the page its button opens.' });
  });
export type PopupOverlayBody = z.infer<typeof PopupOverlayBody>;

/** The popup as saved: `version` grows with every change, so visitors who closed it see the new one. */
export const PopupOverlay = z.object({
  enabled: z.boolean(),
  kind: z.enum(['newsletter', 'promotion']),
  title: z.string(),
  body: z.string(),
  buttonText: z.string(),
  buttonUrl: z.string().nullable(),
  formId: z.string().nullable(),
  delaySeconds: z.number().int(),
  hideForDays: z.number().int(),
  pages: z.enum(['all', 'home']),
  version: z.number().int(),
  updatedOn: z.number().int(),
});
export type PopupOverlay = z.infer<typeof PopupOverlay>;

/** GET .../public/1.0/popup-overlay: the enabled popup, else null. */
export const PublicPopupOverlay = z.object({ popup: PopupOverlay.nullable() });
export type PublicPopupOverlay = z.infer<typeof PublicPopupOverlay>;

// ---------------------------------------------------------------------------------------------
// Experiments (SPEC 4 "Other": under site status INTERNAL, query-parameter overrides kept for the
// session; 'reset' clears them)

/** The flags a page context carries and an INTERNAL site may override: the SPEC 6 beta flags and kill switch. */
export const EXPERIMENT_FLAGS = ['commerceVisitorMetrics', 'videoPaywall', 'productReviewsKillSwitch'] as const;
export type ExperimentFlag = (typeof EXPERIMENT_FLAGS)[number];
/** An override is given as `?flag-{name}=on|off|reset`; `?flags=reset` clears every override. */
export const EXPERIMENT_PARAM_PREFIX = 'flag-';
export const EXPERIMENT_RESET_PARAM = 'flags';
export const EXPERIMENT_RESET = 'reset';
/** The session cookie that keeps the overrides (no expiry: it ends with the browser session). */
export const EXPERIMENT_COOKIE = 'sc_flags';

export const ExperimentsContext = z.object({
  /** Overrides are honoured (site status INTERNAL). */
  overridable: z.boolean(),
  /** The overrides in force this session (empty when not overridable). */
  overrides: z.record(z.string(), z.boolean()),
  /** Every flag's value after overrides. */
  flags: z.record(z.string(), z.boolean()),
});
export type ExperimentsContext = z.infer<typeof ExperimentsContext>;
