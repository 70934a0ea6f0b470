// The built-in captcha's challenges, in the schema of each service that verifies captchas.
import type { Generated } from 'kysely';

export interface CaptchaTables {
  captcha_challenges: {
    id: string;
    website_id: string;
    salt: string;
    difficulty: number;
    expires_at: Date | string;
    used_at: Date | string | null;
    created_at: Generated<Date>;
  };
}
