/**
 * The session as the API shows it (login, second step, `GET /session`): one view for the server's
 * responses, the client's fetchers and the server's own session member, so the three cannot drift apart.
 */
import { z } from '../zod';

const SESSION_STAGES = ['password', 'full'] as const;
export type SessionStage = (typeof SESSION_STAGES)[number];

/** The signed-in member, read fresh on every request. */
const sessionUserView = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  is_admin: z.boolean(),
  has_second_password: z.boolean(),
  /** Enrolled in one-time codes (decision 0150). */
  has_totp: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserView>;

export const sessionView = z.object({ stage: z.enum(SESSION_STAGES), user: sessionUserView });
export type SessionInfo = z.infer<typeof sessionView>;

/** `GET /auth/check-username`: whether a username can still be taken. */
export const usernameCheckView = z.object({ username: z.string(), available: z.boolean() });
export type UsernameCheck = z.infer<typeof usernameCheckView>;
