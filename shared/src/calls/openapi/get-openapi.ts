import { z } from 'zod';
import { defineCall } from '../define.js';

/** The OpenAPI 3.1 document of every call, generated from these modules. */
export const getOpenApi = defineCall({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This API described as OpenAPI 3.1',
  audience: ['public'],
  tiers: ['cloud'],
  answer: z.looseObject({ openapi: z.literal('3.1.0') }),
});
