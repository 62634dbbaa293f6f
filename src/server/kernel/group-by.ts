/** The shared `groupBy` (the attention rules group a farm's facts by pond with it too). */
export { groupBy } from '#shared/domain/group-by';
