/** What other modules may take from user-farm: the memberships of a farm. */
export type { MembershipRepository } from './membership.repository.ts';
