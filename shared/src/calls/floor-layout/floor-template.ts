// A floor template of the organization (issue 25, spec 2 section 2.2's Save as Template): a part of
// a floor kept by name, a table or a zone with what stands in it, which any of the organization's
// venues places from its designer's Templates, a new venue's first floor among them.
import { z } from 'zod';
import { FLOOR_MESSAGES } from '../../floor-texts.js';
import { FloorComponent, FloorZone } from '../../rules/floor-layout.js';
import { boundedText, Id, IsoDateTime } from '../../schemas/common.js';

/** What a template holds: its items and zones where they stood (placed again with new ids). */
export const TemplateLayout = z.object({
  components: z.array(FloorComponent).max(200),
  zones: z.array(FloorZone).max(20),
});
export type TemplateLayout = z.output<typeof TemplateLayout>;

/** The name the spec requires: trimmed, not empty (the button is disabled until there is one). */
export const TemplateName = boundedText(60).min(1, { error: FLOOR_MESSAGES.templateNameRequired });

export const FloorTemplate = z.object({
  id: Id,
  name: z.string(),
  savedBy: z.string(),
  savedAt: IsoDateTime,
  layout: TemplateLayout,
});
export type FloorTemplate = z.infer<typeof FloorTemplate>;
