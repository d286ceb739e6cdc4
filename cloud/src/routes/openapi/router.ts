// The API described from the call modules, so it cannot drift from what is served.
import { ALL_CALLS, getOpenApi, openApiDocument } from '@tablewise/shared';
import { type AppRouter, newRouter, serve } from '../http.js';

/** The version of the API the document describes; raise it when a call changes shape. */
const API_VERSION = '0.1.0';

export function openApiRouter(): AppRouter {
  const router = newRouter();
  const document = openApiDocument(ALL_CALLS, API_VERSION);
  serve(router, getOpenApi, () => document);
  return router;
}
