/**
 * Limits of a farm's own records that both the API's schemas (src/shared/contracts) and
 * the forms check. Here, not in the contracts, so that a form reading a limit does not
 * load the API's schema library (TypeBox) with it.
 */

/** A pond's area in m² (1,000 ha): the form and the API refuse more. */
export const POND_AREA_MAX = 10_000_000;
