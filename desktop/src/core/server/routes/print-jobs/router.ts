import Router from '@koa/router';
import {
  AppError,
  listPrintJobs,
  markPrintJobPrinted,
  notFound,
  reprintPrintJob,
  retryPrintJob,
} from '@tablewise/shared';
import { PrintServiceError } from '../../../printing/service.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

/** The print queue's refusals as HTTP answers. */
export function printing<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof PrintServiceError) throw new AppError(error.status, 'print_refused', error.message);
    throw error;
  }
}

export function printJobsRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();

  serve(router, deps, listPrintJobs, () => deps.printJobs());

  serve(router, deps, retryPrintJob, ({ params }) => {
    const { id } = params();
    const job = printing(() => deps.retryPrintJob(id));
    if (!job) throw notFound('Print job');
    return job;
  });

  serve(router, deps, reprintPrintJob, ({ params }) => {
    const { id } = params();
    const job = printing(() => deps.reprintPrintJob(id));
    if (!job) throw notFound('Print job');
    return job;
  });

  serve(router, deps, markPrintJobPrinted, ({ params }) => {
    const { id } = params();
    const job = printing(() => deps.markPrintJobPrinted(id));
    if (!job) throw notFound('Print job');
    return job;
  });

  return router;
}
