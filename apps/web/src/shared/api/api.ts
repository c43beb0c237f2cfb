import type { RouteBody, RouteDefinition, RouteQuery, RouteResponse } from '@crm/contracts';
import { apiRequest, type RequestOptions } from './api-client';

/**
 * Calls one operation of the contracts' route table (STYLE.md 13): its method and path come from the
 * definition the server registers, and the body, query and answer are typed by its schemas — no type
 * is chosen by hand at the call.
 */
export function api<D extends RouteDefinition>(
  route: D,
  input: { body?: RouteBody<D>; query?: RouteQuery<D> } & Pick<RequestOptions, 'handleErrors' | 'idempotencyKey'> = {},
): Promise<RouteResponse<D>> {
  const { body, query, ...options } = input;
  return apiRequest<RouteResponse<D>>(route.path, {
    ...options,
    method: route.method,
    body,
    query: query as RequestOptions['query'],
  });
}
