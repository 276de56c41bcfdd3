import { PagingQuery, Query, Str } from "../common/schemas.ts";

const Paging = { first: PagingQuery.first, max: PagingQuery.max };

export const RealmNamesQuery = Query({ ...Paging, search: Str() });
export const SessionsQuery = Query({ ...Paging, type: Str(), search: Str() });
export const ClientSessionsQuery = Query({ ...Paging, type: Str(), search: Str(), clientId: Str() });
