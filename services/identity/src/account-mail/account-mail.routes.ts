// Password reset for site users and owners, and the site user's email verification link.
// POST .../password-reset always answers 200 with the same message (no account enumeration).
import { IdentityMessages, IdentityNotice, PasswordResetConfirm, PasswordResetRequest, VerifyEmailQuery } from '@sc/contracts';
import { websiteIdOf, type ZodApp } from '@sc/platform';
import type { AccountMailService } from './account-mail.service.js';
import { withRetryAfter } from '../sign-in/retry-after.js';

export function accountMailRoutes(app: ZodApp, accountMail: AccountMailService): void {
  for (const [kind, base] of [
    ['site-user', '/api/auth/site-users/password-reset'],
    ['owner', '/api/auth/owners/password-reset'],
  ] as const) {
    app.post(
      base,
      { schema: { summary: `Mail a password reset link (${kind})`, body: PasswordResetRequest, response: { 200: IdentityNotice } } },
      async (request) => {
        await accountMail.requestReset(kind, websiteIdOf(request), request.body.email);
        return { message: IdentityMessages.resetRequested };
      },
    );
    app.post(
      `${base}/confirm`,
      {
        schema: {
          summary: `Set a new password with the mailed token (${kind}); ends every session`,
          body: PasswordResetConfirm,
          response: { 200: IdentityNotice },
        },
      },
      async (request, reply) => {
        await withRetryAfter(reply, () => accountMail.confirmReset(kind, websiteIdOf(request), request.body.token, request.body.password));
        return { message: IdentityMessages.passwordChanged };
      },
    );
  }

  app.get(
    '/api/auth/site-users/verify-email',
    {
      schema: {
        summary: "Confirm a site user's email address (the link in the sign-up mail)",
        querystring: VerifyEmailQuery,
        response: { 200: IdentityNotice },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await accountMail.verifyEmail(websiteIdOf(request), request.query.token);
      return { message: IdentityMessages.emailVerified };
    },
  );
}
