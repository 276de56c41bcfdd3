import { Type } from "typebox";
import { PagingQuery, Query, Str } from "../common/schemas.ts";

/** A repeatable query parameter (`type=LOGIN&type=LOGOUT`). */
const Repeated = () => Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));

const Window = { dateFrom: Str(), dateTo: Str(), direction: Str(), first: PagingQuery.first, max: PagingQuery.max };

export const EventQuery = Query({ ...Window, type: Repeated(), client: Str(), user: Str(), ipAddress: Str() });
export const AdminEventQuery = Query({
  ...Window,
  operationTypes: Repeated(),
  resourceTypes: Repeated(),
  resourcePath: Str(),
  authRealm: Str(),
  authClient: Str(),
  authUser: Str(),
  authIpAddress: Str(),
});
