// The zoom buttons and their readout (spec 2 section 2.2), the same on the designer and the live
// floor; a pinch on the canvas moves the same readout.
import { FLOOR_TEXTS } from '@tablewise/shared';
import { stepZoom, zoomReadout } from './zoom.js';

export function ZoomControls({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  return (
    <span className="designer-zoom">
      <button
        type="button"
        className="button zoom-button"
        aria-label={FLOOR_TEXTS.zoomOut}
        onClick={() => onZoom(stepZoom(zoom, -1))}
      >
        −
      </button>
      <output aria-live="polite" data-testid="floor-zoom">
        {zoomReadout(zoom)}
      </output>
      <button
        type="button"
        className="button zoom-button"
        aria-label={FLOOR_TEXTS.zoomIn}
        onClick={() => onZoom(stepZoom(zoom, 1))}
      >
        +
      </button>
    </span>
  );
}
