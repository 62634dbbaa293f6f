/** What other modules may take from account (docs/architecture.md: a module's one public file). */
export type { UserRepository, UserRow } from './user.repository.ts';
