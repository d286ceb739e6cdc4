// The host's answers to guests (issue 27): a guest's table choice waiting for approval, the venue's
// approval switch, and a phone asking to join a seated party. Guests ask through the cloud, which
// decides them; the terminal asks it for its staff (who were checked here: duty and permission),
// and says so when it cannot. The answers reach every screen through the feed.
import Router from '@koa/router';
import {
  answerPhoneJoin,
  decideSeatRequest,
  listPhoneJoins,
  listSeatRequests,
  SERVICE_MESSAGES,
  setSeatingApproval,
} from '@tablewise/shared';
import { askCloud } from '../../../sync/ask-cloud.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function guestRequestsRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  const needsCloud = SERVICE_MESSAGES.guestRequestsNeedCloud;
  serve(router, deps, listSeatRequests, () => askCloud(deps.api, listSeatRequests, { needsCloud }));
  serve(router, deps, setSeatingApproval, async ({ body }) =>
    askCloud(deps.api, setSeatingApproval, { body: await body(), needsCloud }),
  );
  serve(router, deps, decideSeatRequest, async ({ params, body }) =>
    askCloud(deps.api, decideSeatRequest, { params: params(), body: await body(), needsCloud }),
  );
  serve(router, deps, listPhoneJoins, () => askCloud(deps.api, listPhoneJoins, { needsCloud }));
  serve(router, deps, answerPhoneJoin, async ({ params, body }) =>
    askCloud(deps.api, answerPhoneJoin, { params: params(), body: await body(), needsCloud }),
  );
  return router;
}
