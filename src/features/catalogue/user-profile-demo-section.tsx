import { FormProvider } from "react-hook-form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { useMessages } from "../../core/i18n/use-messages.ts";
import { useCurrentRealm } from "../../core/runtime/current-realm.tsx";
import { useAdminClient } from "../../core/runtime/runtime-context.tsx";
import { useAlerts } from "../../core/ui/alerts/alerts-context.tsx";
import { useKcForm } from "../../core/ui/form/index.ts";
import { LoadingSpinner } from "../../core/ui/layout/loading-spinner.tsx";
import {
  UserProfileFields,
  applyUserProfileErrors,
  toUserFormValues,
  toUserRepresentation,
  useProfileMetadataQuery,
  type UserFormValues,
  type UserProfileMetadata,
} from "../../core/ui/user-profile/index.ts";
import "./pickers-section-messages.ts";

/** A user's profile form as the realm's user profile describes it; saving puts the user back. */
export function UserProfileDemoSection({ userId }: { userId: string }) {
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const metadata = useProfileMetadataQuery(realm);
  const user = useQuery({
    queryKey: ["catalogue-user", realm, userId],
    queryFn: () => adminClient.users.findOne({ realm, id: userId }),
  });
  if (!metadata.data || !user.data) return <LoadingSpinner />;
  return <ProfileForm key={userId} userId={userId} values={toUserFormValues(user.data)} metadata={metadata.data} />;
}

function ProfileForm({
  userId,
  values,
  metadata,
}: {
  userId: string;
  values: UserFormValues;
  metadata: UserProfileMetadata;
}) {
  const { t } = useMessages();
  const adminClient = useAdminClient();
  const realm = useCurrentRealm();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const form = useKcForm<UserFormValues>({ defaultValues: values });
  const save = form.handleSubmit(async (changed) => {
    try {
      await adminClient.users.update({ realm, id: userId }, toUserRepresentation(changed));
      alerts.addAlert(t("cataloguePickersSaved"));
      await queryClient.invalidateQueries({ queryKey: ["catalogue-user", realm, userId] });
    } catch (error) {
      if (applyUserProfileErrors(form, error, t).length === 0) alerts.addError("cataloguePickersSaveFailed", error);
    }
  });
  return (
    <FormProvider {...form}>
      <Form onSubmit={(event) => void save(event)}>
        <UserProfileFields metadata={metadata} />
        <div>
          <Button type="submit">{t("save")}</Button>
        </div>
      </Form>
    </FormProvider>
  );
}
