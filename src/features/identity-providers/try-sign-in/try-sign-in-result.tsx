import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
} from "@patternfly/react-core/dist/esm/components/DescriptionList/index.js";
import { Label } from "@patternfly/react-core/dist/esm/components/Label/index.js";
import { Title } from "@patternfly/react-core/dist/esm/components/Title/index.js";
import { Stack, StackItem } from "@patternfly/react-core/dist/esm/layouts/Stack/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { errorMessage } from "../../../core/api/api-error.ts";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../core/runtime/runtime-context.tsx";
import { LoadingSpinner } from "../../../core/ui/layout/loading-spinner.tsx";
import { fetchMappers, mappersKey } from "../queries.ts";
import { mapperEffects } from "./mapper-effects.ts";
import { fetchSignedInUser, GROUPS_SHOWN, type SignedInUser } from "./try-sign-in-queries.ts";
import "../messages.ts";

function Terms({ rows }: { rows: [string, string | undefined][] }) {
  return (
    <DescriptionList isHorizontal isCompact>
      {rows.map(([term, value]) => (
        <DescriptionListGroup key={term}>
          <DescriptionListTerm>{term}</DescriptionListTerm>
          <DescriptionListDescription>
            <bdi>{value ?? "—"}</bdi>
          </DescriptionListDescription>
        </DescriptionListGroup>
      ))}
    </DescriptionList>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <StackItem>
      <Title headingLevel="h3" size="md" style={{ marginBlockEnd: "var(--pf-t--global--spacer--sm)" }}>
        {title}
      </Title>
      {children}
    </StackItem>
  );
}

function roleNames({ roles }: SignedInUser): string[] {
  const realmRoles = (roles.realmMappings ?? []).map((role) => role.name ?? "");
  const clientRoles = Object.entries(roles.clientMappings ?? {}).flatMap(([client, mapping]) =>
    (mapping.mappings ?? []).map((role) => `${client} ${role.name ?? ""}`),
  );
  return [...realmRoles, ...clientRoles].sort();
}

/** The user a try signed in: the provider's link, the user's attributes, roles and groups, and what each mapper set. */
export function TrySignInResult({ alias, userId, firstLogin }: { alias: string; userId: string; firstLogin: boolean }) {
  const { t } = useMessages();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const signedIn = useQuery({
    queryKey: ["identity-providers", realm, "try-sign-in", alias, userId],
    queryFn: () => fetchSignedInUser(adminClient, realm, alias, userId),
    gcTime: 0,
  });
  const mappers = useQuery({
    queryKey: mappersKey(realm, alias),
    queryFn: () => fetchMappers(adminClient, realm, alias),
  });
  if (signedIn.isPending || mappers.isPending) return <LoadingSpinner />;
  const failure = signedIn.error ?? mappers.error;
  if (failure)
    return <Alert variant="danger" isInline title={t("trySignInReadFailed", { error: errorMessage(failure) })} />;
  if (!signedIn.data) return <Alert variant="warning" isInline title={t("trySignInUserGone")} />;
  const result = signedIn.data;
  const { user, link } = result;
  const attributes = Object.entries(user.attributes ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const roles = roleNames(result);
  const effects = mapperEffects(mappers.data ?? [], result);
  const statusLabel = {
    applied: <Label color="green">{t("trySignInMapperApplied")}</Label>,
    notApplied: <Label color="orange">{t("trySignInMapperNotApplied")}</Label>,
    unknown: <Label color="grey">{t("trySignInMapperNotVisible")}</Label>,
  };
  return (
    <Stack hasGutter>
      <StackItem>
        <Alert
          variant="success"
          isInline
          title={t(firstLogin ? "trySignInFirstLogin" : "trySignInSignedIn", { username: user.username })}
        />
      </StackItem>
      <Section title={t("trySignInIdentity")}>
        <Terms
          rows={[
            [t("username"), user.username],
            [t("email"), user.email],
            [t("firstName"), user.firstName],
            [t("lastName"), user.lastName],
            [t("trySignInProviderUserId"), link?.userId],
            [t("trySignInProviderUsername"), link?.userName],
          ]}
        />
      </Section>
      <Section title={t("mappers")}>
        {effects.length === 0 ? (
          <p>{t("trySignInNoMappers")}</p>
        ) : (
          <Table aria-label={t("mappers")} variant="compact">
            <Thead>
              <Tr>
                <Th>{t("name")}</Th>
                <Th>{t("trySignInSets")}</Th>
                <Th>{t("trySignInOnUser")}</Th>
              </Tr>
            </Thead>
            <Tbody>
              {effects.map((effect) => (
                <Tr key={effect.mapper.id ?? effect.mapper.name}>
                  <Td dataLabel={t("name")}>{effect.mapper.name}</Td>
                  <Td dataLabel={t("trySignInSets")}>
                    {effect.target
                      ? `${t(effect.target.kind)} ${effect.target.name}${
                          effect.target.value ? ` = ${effect.target.value}` : ""
                        }`
                      : "—"}
                  </Td>
                  <Td dataLabel={t("trySignInOnUser")}>{statusLabel[effect.status]}</Td>
                </Tr>
              ))}
            </Tbody>
          </Table>
        )}
      </Section>
      <Section title={t("attributes")}>
        {attributes.length === 0 ? (
          <p>{t("trySignInNoAttributes")}</p>
        ) : (
          <Terms rows={attributes.map(([name, values]) => [name, values.join(", ")])} />
        )}
      </Section>
      <Section title={t("trySignInRolesAndGroups")}>
        <Terms
          rows={[
            [t("roles"), roles.join(", ") || undefined],
            [
              t("groups"),
              result.groups
                .slice(0, GROUPS_SHOWN)
                .map((group) => group.path ?? group.name)
                .join(", ") || undefined,
            ],
          ]}
        />
        {result.groups.length > GROUPS_SHOWN && <p>{t("trySignInMoreGroups", { count: GROUPS_SHOWN })}</p>}
      </Section>
    </Stack>
  );
}
