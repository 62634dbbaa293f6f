export const SERVER_NODE_FLAGS: string[];
export function serverCommand(outDir?: string): string[];
