import { sha256, signLink, verifyLink } from './tokens.ts';

/** How long an invitation's registration link works. */
export const INVITE_TTL_S = 14 * 86_400;

/**
 * The signed invitation token of a registration link (`/register?invite=…`): who was
 * invited (the placeholder user the invitation made) and which membership. Its
 * fingerprint is that membership's id, so removing the person from the farm (or inviting
 * them again, a new membership) kills the old link.
 */
export function signInvite(secret: string, invite: { userId: string; userFarmId: string }, now = Date.now()) {
  return signLink(secret, {
    uid: invite.userId,
    purpose: 'invite',
    exp: Math.floor(now / 1000) + INVITE_TTL_S,
    fp: inviteFingerprint(invite.userFarmId),
  });
}

export const inviteFingerprint = (userFarmId: string) => sha256(`invite:${userFarmId}`).slice(0, 16);

/** The invited user's id and the membership fingerprint, or null for a bad or expired token. */
export function verifyInvite(secret: string, token: string): { userId: string; fp: string } | null {
  const payload = verifyLink(secret, token);
  if (payload?.purpose !== 'invite') return null;
  return { userId: payload.uid, fp: payload.fp };
}
