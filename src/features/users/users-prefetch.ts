import type { RoutePrefetchContext } from "../../core/routing/console-route.ts";
import { prefetchFirstPage } from "../../core/ui/table/prefetched-first-page.ts";
import { countUsers, fetchUserPage, hasUserFederation, userKeys } from "./user-queries.ts";

export const USERS_TABLE_ID = "users";

/**
 * The users list as its page reads it first: whether the realm is federated, then (if not) the first page. A
 * federated realm is never listed unfiltered, so the page cannot be asked for alongside.
 */
export function prefetchUsersList({ runtime: { queryClient, adminClient }, realm, access }: RoutePrefetchContext) {
  const noSearch = { text: "", exact: false };
  queryClient
    .fetchQuery({
      queryKey: userKeys.federation(realm),
      queryFn: () => hasUserFederation(adminClient, realm, access.hasAccess("view-realm")),
    })
    .then(
      (federated) => {
        if (federated) return;
        prefetchFirstPage(
          queryClient,
          userKeys.firstPage(realm),
          USERS_TABLE_ID,
          (first, max) => fetchUserPage(adminClient, realm, noSearch, first, max, access.hasAccess("view-users")),
          () => countUsers(adminClient, realm, noSearch),
        );
      },
      () => undefined,
    );
}
