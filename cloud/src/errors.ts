// Refusals are the shared factories: one shape and one set of ids with the terminal core. The
// error handler turns them into the spec's answer ({message, id}) and logs only unexpected errors.
export {
  AppError,
  badRequest,
  conflict,
  forbidden,
  invalidField,
  invalidQrToken,
  notFound,
  unauthorized,
  unprocessable,
} from '@tablewise/shared';
