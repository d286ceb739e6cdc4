import { z } from 'zod';
import { defineCall } from '../define.js';
import { FloorTemplate, TemplateLayout, TemplateName } from './floor-template.js';

/** @internal */
export const SaveFloorTemplateRequest = z.strictObject({ name: TemplateName, layout: TemplateLayout });

/**
 * Save as Template (spec 2 section 2.2): the selected table, or a zone with what stands in it, kept
 * for the organization under its name; a template saved again under the same name is replaced.
 * The designer also downloads it as a file named after it, as the spec says.
 */
export const saveFloorTemplate = defineCall({
  method: 'POST',
  path: '/api/floor-templates',
  summary: "Keep part of a floor as one of the organization's templates",
  audience: ['staff'],
  tiers: ['cloud'],
  body: SaveFloorTemplateRequest,
  answer: FloorTemplate,
  status: 201,
  permission: 'MANAGE_TABLES',
});
