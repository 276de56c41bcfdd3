import { useState } from "react";
import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";
import { readPageSize } from "../../core/ui/table/page-size-storage.ts";
import { countUsers, fetchUserPage, type ListedUser } from "./user-queries.ts";

const NO_SEARCH = { text: "", exact: false };

interface HeadStart {
  /** The unfiltered first page, if asked for with these arguments and not taken yet. */
  takePage(first: number, max: number, text: string, exact: boolean): Promise<ListedUser[]> | undefined;
  /** The unfiltered total, if not taken yet. */
  takeCount(text: string, exact: boolean): Promise<number> | undefined;
}

/**
 * The users list's first page and count, asked for as the page mounts, at the same time as the realm's user
 * federation check instead of after it. Each is used once; a search, another page or a reload reads afresh.
 */
export function useFirstPageHeadStart(
  adminClient: KeycloakAdminClient,
  realm: string,
  tableId: string,
  withStatus: boolean,
): HeadStart {
  const [headStart] = useState<HeadStart>(() => {
    const max = readPageSize(tableId) + 1;
    let page: Promise<ListedUser[]> | undefined = fetchUserPage(adminClient, realm, NO_SEARCH, 0, max, withStatus);
    let count: Promise<number> | undefined = countUsers(adminClient, realm, NO_SEARCH);
    // Not taken (a federated realm asks for a search first): their failures are nobody's business.
    page.catch(() => undefined);
    count.catch(() => undefined);
    return {
      takePage(first, askedMax, text, exact) {
        const taken = first === 0 && askedMax === max && !text && !exact ? page : undefined;
        page = undefined;
        return taken;
      },
      takeCount(text, exact) {
        const taken = !text && !exact ? count : undefined;
        count = undefined;
        return taken;
      },
    };
  });
  return headStart;
}
