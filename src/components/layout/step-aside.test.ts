import { describe, expect, it } from 'vitest';
import { type Box, coversControl, coversText } from './step-aside-rule.ts';

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});
/** The chat button at the bottom right of a 360 px phone. */
const FAB = box(296, 600, 52, 52);

describe('coversControl', () => {
  it('steps aside for any overlap with a field or a small control', () => {
    expect(coversControl(FAB, box(16, 610, 328, 44), true)).toBe(true); // a full-width field's end
    expect(coversControl(FAB, box(290, 640, 60, 44), false)).toBe(true); // a tray button
    expect(coversControl(FAB, box(200, 590, 100, 14), false)).toBe(true); // a small link grazing it
  });
  it('steps aside for a wide button whose end passes under it (its label reads whole)', () => {
    // The attention board at 1280 px: "Open the warehouse item", 267×46, its right end under the chat button.
    const desk = box(1204, 664, 52, 52);
    expect(coversControl(desk, box(968, 694, 267, 46), true)).toBe(true);
    // The same box as a link card counts by its centre only.
    expect(coversControl(desk, box(968, 694, 267, 46), false)).toBe(false);
  });
  it('leaves a large card alone unless its centre is under the button', () => {
    expect(coversControl(FAB, box(16, 560, 328, 120), false)).toBe(false);
    expect(coversControl(FAB, box(250, 560, 100, 120), false)).toBe(true); // small enough to hide
    expect(coversControl(FAB, box(240, 540, 120, 160), false)).toBe(true); // centre under it
  });
  it('keeps its margin: a control 3 px away is covered, 10 px away is not', () => {
    expect(coversControl(FAB, box(16, 655, 100, 44), true)).toBe(false);
    expect(coversControl(FAB, box(240, 655, 100, 44), false)).toBe(true);
    expect(coversControl(FAB, box(240, 662, 100, 44), false)).toBe(false);
  });
});

describe('coversText', () => {
  it("steps aside for a table cell's figure under it or within its margin, not for the cell's empty end", () => {
    expect(coversText(FAB, [box(300, 620, 40, 16)])).toBe(true); // "1.250" under the button
    expect(coversText(FAB, [box(240, 610, 54, 16)])).toBe(true); // its end 2 px from the button
    expect(coversText(FAB, [box(200, 610, 80, 16)])).toBe(false); // 16 px to its left
    expect(coversText(FAB, [box(300, 580, 40, 14)])).toBe(false); // the row above
    expect(coversText(FAB, [box(200, 610, 80, 16), box(300, 640, 30, 16)])).toBe(true); // a wrapped second line
    expect(coversText(FAB, [box(310, 620, 0, 16)])).toBe(false); // an empty line box
  });
});
