import { useEffect } from "react";
import { useFormContext } from "react-hook-form";
import { useServerInfo } from "../../core/runtime/shared-queries.ts";
import { DynamicComponents, type ConfigProperty } from "../../core/ui/dynamic/index.ts";
import type { ProviderFormValues } from "./provider-form-values.ts";

/** Where Keycloak's server info describes each social provider's own settings (hosted domain, tenant, key, …). */
export const SOCIAL_PROVIDER_TYPE = "org.keycloak.broker.social.SocialIdentityProvider";

/**
 * The social provider's own fields, as the server's info describes them (never a fixed list): a new provider starts
 * with their defaults. Values are kept in `config` as strings, as Keycloak stores them.
 */
export function SocialProviderFields({ providerId, isNew }: { providerId: string; isNew: boolean }) {
  const properties: ConfigProperty[] =
    useServerInfo().componentTypes?.[SOCIAL_PROVIDER_TYPE]?.find((type) => type.id === providerId)?.properties ?? [];
  const { getValues, setValue } = useFormContext<ProviderFormValues>();
  useEffect(() => {
    if (!isNew) return;
    for (const property of properties) {
      const name = property.name ?? "";
      if (!name || property.defaultValue === undefined || property.defaultValue === null) continue;
      if (getValues(`config.${name}`) === undefined) setValue(`config.${name}`, String(property.defaultValue));
    }
    // Once per provider type: the defaults of a new provider.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [providerId, isNew]);
  return properties.length > 0 ? <DynamicComponents properties={properties} /> : null;
}
