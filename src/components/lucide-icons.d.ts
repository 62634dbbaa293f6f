/** Lucide's per-icon modules (`lucide/dist/esm/icons/<name>.mjs`): each is the icon's node. */
declare module 'lucide/dist/esm/icons/*.mjs' {
  const node: [tag: string, attrs: Record<string, string | number | undefined>][];
  export default node;
}
