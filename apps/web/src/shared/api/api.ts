import type { RouteBody, RouteDefinition, RouteParams, RouteQuery, RouteResponse } from '@crm/contracts';
import { apiRequest, type RequestOptions } from './api-client';

/**
 * Calls one operation of the contracts' route table (STYLE.md 13): its method and path come from the
 * definition the server registers, and the body, query and answer are typed by its schemas — no type
 * is chosen by hand at the call.
 */
export function api<D extends RouteDefinition>(
  route: D,
  input: { body?: RouteBody<D>; query?: RouteQuery<D>; params?: RouteParams<D> } & Pick<
    RequestOptions,
    'handleErrors' | 'idempotencyKey'
  > = {},
): Promise<RouteResponse<D>> {
  const { body, query, params, ...options } = input;
  return apiRequest<RouteResponse<D>>(routePath(route.path, params as Record<string, unknown> | undefined), {
    ...options,
    method: route.method,
    body,
    query: query as RequestOptions['query'],
  });
}

/** `/user/:id/history` with `{ id: 7 }` → `/user/7/history` (each value encoded; a missing one is an error). */
export function routePath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
