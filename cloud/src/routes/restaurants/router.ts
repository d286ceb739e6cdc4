import { createRestaurant, listRestaurants, setRestaurantLogo, updateRestaurant } from '@tablewise/shared';
import { addRestaurant, changeRestaurant, restaurantsOf, setLogo } from '../../commands/administration.js';
import type { AppDeps } from '../../context.js';
import { requireStaff } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

export function restaurantsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listRestaurants, async ({ ctx }) => restaurantsOf(deps.db, requireStaff(ctx)));

  serve(router, createRestaurant, async ({ ctx, body }) => {
    const staff = requireStaff(ctx);
    const input = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await addRestaurant(trx, staff, input, deps.now()), 201));
    return undefined;
  });

  serve(router, updateRestaurant, async ({ ctx, params, body }) => {
    const staff = requireStaff(ctx);
    const { id } = params();
    const input = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await changeRestaurant(trx, staff, id, input, deps.now())));
    return undefined;
  });

  serve(router, setRestaurantLogo, async ({ ctx, params, body }) => {
    const staff = requireStaff(ctx);
    const { id } = params();
    const { logoUrl } = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await setLogo(trx, staff, id, logoUrl, deps.now())));
    return undefined;
  });

  return router;
}
