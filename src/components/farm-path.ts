/**
 * Selecting a farm replaces the farm_id of the current path and keeps the query
 * (seed 000 §2). Paths without a farm go to the farm's home. Screens below a farm that
 * name one of its records (a warehouse item) return to the section, since the record
 * belongs to the old farm.
 */
export function switchFarmPath(pathname: string, search: string, farmId: string): string {
  const match = /^\/farm\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match || match[1] === farmId) {
    return match ? `${pathname}${search}` : `/farm/${encodeURIComponent(farmId)}`;
  }
  let rest = match[2] ?? '';
  if (/^\/warehouse\/[^/]+/.test(rest)) rest = '/warehouse';
  return `/farm/${encodeURIComponent(farmId)}${rest}${search}`;
}
