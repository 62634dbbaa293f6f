/**
 * How every chart's axes look (visx AxisLeft / AxisBottom props): lines and labels in the
 * text colour, labels at 11 px. Spread into an axis: `<AxisLeft {...LEFT_AXIS} ... />`.
 */
const LINES = { stroke: 'currentColor', tickStroke: 'currentColor' } as const;

export const LEFT_AXIS = { ...LINES, tickLabelProps: { fontSize: 11, fill: 'currentColor' } } as const;

export const BOTTOM_AXIS = {
  ...LINES,
  tickLabelProps: { fontSize: 11, fill: 'currentColor', textAnchor: 'middle' },
} as const;
