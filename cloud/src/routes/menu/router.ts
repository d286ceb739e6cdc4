import {
  createMenuItem,
  getMenu,
  menuAnswer,
  setMenuItemAvailability,
  setMenuItemImage,
  updateMenuItem,
} from '@tablewise/shared';
import { addMenuItem, editMenuItem, setAvailability, setImage } from '../../commands/menu.js';
import type { AppDeps } from '../../context.js';
import { requireAnyActor, requireStaff } from '../../policies/principals.js';
import { presentMenuItem } from '../../presenters/index.js';
import { listMenuItems } from '../../repositories/menu.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';
import { pushable, servePushable } from '../pushable.js';

/** Staff take an item off the menu (or put it back), on the cloud or through a terminal's outbox. */
export const availabilitySet = pushable(setMenuItemAvailability, async (deps, actor, { params, body }, trx) => {
  const { id } = params();
  const { isAvailable } = await body();
  return ok(await setAvailability(trx, actor, id, isAvailable, deps.now()));
});

export function menuRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, getMenu, async ({ ctx }) => {
    const actor = requireAnyActor(ctx);
    return menuAnswer(
      (await listMenuItems(deps.db, { orgId: actor.orgId, venueId: actor.venueId })).map(presentMenuItem),
    );
  });

  servePushable(router, deps, availabilitySet);

  // Menu management is the cloud's (the photos live there): staff only, never through an outbox.
  serve(router, createMenuItem, async ({ ctx, body }) => {
    const staff = requireStaff(ctx);
    await mutate(ctx, deps, staff, async (trx) => {
      const { item, created } = await addMenuItem(trx, staff, await body(), deps.now());
      return ok(item, created ? 201 : 200);
    });
    return undefined;
  });

  serve(router, updateMenuItem, async ({ ctx, params, body }) => {
    const staff = requireStaff(ctx);
    await mutate(ctx, deps, staff, async (trx) =>
      ok(await editMenuItem(trx, staff, params().id, await body(), deps.now())),
    );
    return undefined;
  });

  serve(router, setMenuItemImage, async ({ ctx, params, body }) => {
    const staff = requireStaff(ctx);
    await mutate(ctx, deps, staff, async (trx) =>
      ok(await setImage(trx, staff, params().id, await body(), deps.now())),
    );
    return undefined;
  });

  return router;
}
