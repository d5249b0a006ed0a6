/** A member's own recovery of a secret by e-mail (decision 0400): asking for a code, then the new secret. */
import { RECOVERY_MESSAGES } from '../messages/recovery';
import { z } from '../zod';
import { memberPasswordSchema } from './auth';
import { crossFieldRule } from './cross-field';
import { secondPasswordSchema } from './profile';
import { plainText } from './text';

const R = RECOVERY_MESSAGES.recovery;

export const RECOVERY_SECRETS = ['password', 'second_password'] as const;
export type RecoverySecret = (typeof RECOVERY_SECRETS)[number];

const identifier = z
  .string({ error: R.identifierRequired })
  .check(plainText(), z.trim(), z.minLength(1, R.identifierRequired), z.maxLength(254, R.identifierRequired));
const secret = z.enum(RECOVERY_SECRETS);

/** POST /api/recovery: mail a code to the account's e-mail. */
export const recoveryRequestBodySchema = z.strictObject({ identifier, secret });

/** POST /api/recovery/finish: the mailed code and the new secret (password: letters and digits; second: 4–12 digits). */
export const recoveryFinishBodySchema = z
  .strictObject({
    identifier,
    secret,
    code: z.string({ error: R.codeFormat }).check(z.trim(), z.regex(/^\d{6}$/, R.codeFormat)),
    new_secret: z.string({ error: R.unexpected }).check(z.maxLength(128, R.unexpected)),
    new_secret_confirm: z.string({ error: R.confirmMismatch }),
  })
  .check(
    crossFieldRule((v, issue) => {
      const rule = v.secret === 'password' ? memberPasswordSchema : secondPasswordSchema;
      const checked = rule.safeParse(v.new_secret);
      if (!checked.success) issue('new_secret', checked.error.issues[0]?.message ?? R.unexpected);
      else if (v.new_secret !== v.new_secret_confirm) issue('new_secret_confirm', R.confirmMismatch);
    }),
  );
export type RecoveryFinishBody = z.input<typeof recoveryFinishBodySchema>;

export const recoveryAnswerView = z.object({ message: z.string() });

/** POST /api/admin/members/:id/recovery: which secret's recovery two administrators mail the member. */
export const recoveryProposalBodySchema = z.strictObject({ secret });

/** What a confirmed recovery proposal answers: the member and which secret; never the code. */
export const recoverySentView = z.object({
  member_id: z.string(),
  username: z.string(),
  secret,
});
