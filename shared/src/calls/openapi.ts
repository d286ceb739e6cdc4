// The OpenAPI 3.1 document, generated from the call modules with zod's own JSON Schema output
// (draft 2020-12, which OpenAPI 3.1 uses), so the description cannot drift from the code.
import { z } from 'zod';
import { SPEC_EVENT_NAMES, SPEC_EVENTS } from '../protocol/spec-events.js';
import { ErrorBody } from '../schemas/common.js';
import type { Call, CallSpec } from './define.js';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return rest as JsonSchema;
}

/** `/api/order-items/:id` as OpenAPI writes it: `/api/order-items/{id}`. */
function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

function parameters(schema: CallSpec['params'], where: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function operation(call: Call<CallSpec>) {
  return {
    operationId: call.id,
    summary: call.summary,
    tags: [call.path.split('/')[2] ?? 'api'],
    'x-audience': call.audience,
    'x-tiers': call.tiers,
    ...(call.permission ? { 'x-permission': call.permission } : {}),
    ...(call.staleOn?.length ? { 'x-stale-on': call.staleOn } : {}),
    parameters: [...parameters(call.params, 'path'), ...parameters(call.query, 'query')],
    ...(call.body ? { requestBody: { required: true, content: json(jsonSchema(call.body, 'input')) } } : {}),
    responses: {
      [String(call.status ?? 200)]: { description: 'OK', content: json(jsonSchema(call.answer, 'output')) },
      default: {
        description: 'A refusal: a human-readable message and a stable id',
        content: json(jsonSchema(ErrorBody, 'output')),
      },
    },
  };
}

export function openApiDocument(calls: readonly Call<CallSpec>[], version: string) {
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const call of calls) {
    const path = openApiPath(call.path);
    paths[path] = { ...paths[path], [call.method.toLowerCase()]: operation(call) };
  }
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Tablewise API',
      version,
      description:
        'The cloud serves every call; the terminal core serves the calls whose x-tiers name it, on 127.0.0.1, from its replica.',
    },
    paths,
    /** The live channel (/ws): each event name the spec writes, and which of ours carry it
     * (shared/src/protocol/spec-events.ts, docs/live-events.md). */
    'x-live-events': Object.fromEntries(
      SPEC_EVENT_NAMES.map((name) => {
        const carrier = SPEC_EVENTS[name];
        return [name, 'sent' in carrier ? { sentAs: [name] } : { sentAs: carrier.as, meaning: carrier.meaning }];
      }),
    ),
  };
}
