import { useParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMessages } from "../../../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../../../core/ui/alerts/alerts-context.tsx";
import { MultiValueControl } from "../../../../core/ui/form/multi-value-control.tsx";
import { KeyValueControl } from "../../../../core/ui/form/key-value-control.tsx";
import { keyValueToMap, mapToKeyValue, type KeyValueEntry } from "../../../../core/ui/form/key-value-convert.ts";
import { SwitchControl } from "../../../../core/ui/form/switch-control.tsx";
import { TextControl } from "../../../../core/ui/form/text-control.tsx";
import { useKcForm } from "../../../../core/ui/form/use-kc-form.ts";
import { useNavigateWhenSaved } from "../../../../core/ui/form/index.ts";
import { toAuthorizationTab, toResourceDetails } from "../../paths.ts";
import { authzKeys, fetchResource, saveResource } from "../../../../core/ui/authorization/authorization-queries.ts";
import { AuthorizationFormPage } from "../authorization-form-page.tsx";
import { keyedByAddress } from "../keyed-by-address.tsx";
import { ReferencePickerControl } from "../../../../core/ui/authorization/reference-picker-control.tsx";
import { useCanManageAuthorization } from "../client-authorization-tab.tsx";
import { clientKeys, fetchClient } from "../../client-queries.ts";
import "../authorization-messages.ts";

interface ResourceForm {
  /** Shown only: the user who owns an owner-managed resource, else the resource server. */
  owner: string;
  name: string;
  displayName: string;
  type: string;
  uris: string[];
  scopes: string[];
  iconUri: string;
  ownerManagedAccess: boolean;
  attributes: KeyValueEntry[];
}

const EMPTY_RESOURCE: ResourceForm = {
  owner: "",
  name: "",
  displayName: "",
  type: "",
  uris: [],
  scopes: [],
  iconUri: "",
  ownerManagedAccess: false,
  attributes: [],
};

/** `…/authorization/resource/new` and `…/resource/:resourceId`: a resource's fields; scopes picked from the server's (or new ones, created by name), attributes. */
function ResourcePageBody() {
  const { t } = useMessages();
  const { clientId: clientUuid = "", resourceId } = useParams();
  const realm = useCurrentRealm();
  const adminClient = useAdminClient();
  const queryClient = useQueryClient();
  const { addAlert, addError } = useAlerts();
  const canManage = useCanManageAuthorization();
  const { saved, navigateSaved } = useNavigateWhenSaved();
  const isNew = !resourceId || resourceId === "new";
  const existing = useQuery({
    queryKey: authzKeys.one(realm, clientUuid, "resource", resourceId ?? ""),
    queryFn: () => fetchResource(adminClient, realm, clientUuid, resourceId ?? ""),
    enabled: !isNew,
  });
  const data = existing.data;
  const resourceServer = useQuery({
    queryKey: clientKeys.one(realm, clientUuid),
    queryFn: () => fetchClient(adminClient, realm, clientUuid),
    enabled: isNew,
  });
  const form = useKcForm<ResourceForm>({
    defaultValues: EMPTY_RESOURCE,
    values: data
      ? {
          owner: data.owner?.name ?? "",
          name: data.name ?? "",
          displayName: data.displayName ?? "",
          type: data.type ?? "",
          uris: data.uris ?? [],
          scopes: (data.scopes ?? []).map((s) => s.name ?? ""),
          iconUri: data.icon_uri ?? "",
          ownerManagedAccess: data.ownerManagedAccess === true,
          attributes: mapToKeyValue(data.attributes as Record<string, string[]> | undefined),
        }
      : isNew && resourceServer.data
        ? { ...EMPTY_RESOURCE, owner: resourceServer.data.clientId ?? "" }
        : undefined,
  });
  const submit = async (values: ResourceForm) => {
    try {
      const saved = await saveResource(adminClient, realm, clientUuid, {
        ...(data ?? {}),
        _id: data?._id,
        name: values.name.trim(),
        displayName: values.displayName,
        type: values.type,
        uris: values.uris.filter(Boolean),
        scopes: values.scopes.filter(Boolean).map((name) => ({ name })),
        icon_uri: values.iconUri,
        ownerManagedAccess: values.ownerManagedAccess,
        attributes: keyValueToMap(values.attributes),
      });
      await queryClient.invalidateQueries({ queryKey: authzKeys.all(realm, clientUuid) });
      addAlert(t(isNew ? "createResourceSuccess" : "updateResourceSuccess"));
      const id = (saved as { _id?: string } | undefined)?._id ?? data?._id;
      if (isNew && id) navigateSaved(toResourceDetails(realm, clientUuid, id));
      else form.reset(values);
    } catch (error) {
      addError("resourceSaveError", error);
    }
  };
  return (
    <AuthorizationFormPage<ResourceForm>
      title={isNew ? t("createResource") : (data?.name ?? t("resourceDetails"))}
      form={form}
      onSubmit={submit}
      backTo={toAuthorizationTab(realm, clientUuid, "resources")}
      canManage={canManage}
      loading={!isNew && existing.isPending}
      error={existing.error ?? (!isNew && existing.isSuccess && !data ? { response: { status: 404 } } : undefined)}
      saved={saved}
    >
      <TextControl<ResourceForm> name="owner" label={t("owner")} isReadOnly />
      <TextControl<ResourceForm>
        name="name"
        label={t("name")}
        rules={{ validate: (value) => String(value).trim() !== "" || t("authzNameRequired") }}
      />
      <TextControl<ResourceForm> name="displayName" label={t("displayName")} />
      <TextControl<ResourceForm> name="type" label={t("type")} />
      <MultiValueControl<ResourceForm> name="uris" label={t("uris")} />
      <ReferencePickerControl<ResourceForm>
        name="scopes"
        label={t("authorizationScopes")}
        clientUuid={clientUuid}
        kind="scope"
        placeholder={t("authzSearchScopes")}
        newValueLabel={(name) => t("authzNewScope", { name })}
      />
      <TextControl<ResourceForm> name="iconUri" label={t("iconUri")} />
      <SwitchControl<ResourceForm> name="ownerManagedAccess" label={t("ownerManagedAccess")} />
      <KeyValueControl<ResourceForm> name="attributes" label={t("resourceAttribute")} />
    </AuthorizationFormPage>
  );
}

export default keyedByAddress(ResourcePageBody);
