import { ApiError } from '../../../app/api-client.js';

/** A refusal as the cloud words it (the spec's messages), else the error's own text. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
