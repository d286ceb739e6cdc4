// Refusals are the shared factories: one shape and one set of ids with the terminal core. The
// error handler turns them into the spec's answer ({message, id}) and logs only unexpected errors.
export {
  AppError,
  badRequest,
  conflict,
  forbidden,
  fromZodError,
  invalidField,
  invalidQrToken,
  notFound,
  parseOr400,
  unauthorized,
  unprocessable,
} from '@tablewise/shared';
