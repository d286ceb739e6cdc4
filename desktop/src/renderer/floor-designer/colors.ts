// The floor's state colours (spec 2 section 4) as fills and outlines that keep a table's number
// legible (WCAG AA on the fill): the live floor's tables, and the designer's local status.
import type { FloorColor } from '@tablewise/shared';

export const STATE_COLORS: Record<FloorColor, { fill: string; stroke: string }> = {
  green: { fill: '#c9ecd4', stroke: '#1d7a3e' },
  purple: { fill: '#e4dcf7', stroke: '#6b4fbb' },
  red: { fill: '#f8d0cc', stroke: '#b42318' },
  amber: { fill: '#fde7b5', stroke: '#9a5b00' },
  orange: { fill: '#fdd9b5', stroke: '#b54708' },
  yellow: { fill: '#fdf3b0', stroke: '#8a6d00' },
  blue: { fill: '#cfe0fb', stroke: '#1f5fd1' },
  grey: { fill: '#e3e6ec', stroke: '#5b6170' },
};
