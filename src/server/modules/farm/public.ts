/** What other modules may take from farm: the system administrators chat groups include. */
export type { SystemAdmins } from './farm.service.ts';
