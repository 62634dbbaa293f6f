export const SERVER_NODE_FLAGS: string[];
export function serverCommand(outDir?: string): string[];
export const SERVER_ENV: Record<string, string>;
export function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
