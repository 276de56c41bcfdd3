import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { FormGroup } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { Flex, FlexItem } from "@patternfly/react-core/dist/esm/layouts/Flex/index.js";
import { Table, Tbody, Td, Th, Thead, Tr } from "@patternfly/react-table/dist/esm/components/Table/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import { SingleSelect } from "../../../core/ui/overlays/index.ts";
import { toEditProfile } from "./paths.ts";
import { SectionBlock } from "./page-section-block.tsx";
import "./client-policies-messages.ts";

export interface PolicyProfilesSectionProps {
  realm: string;
  attached: string[];
  /** Every profile name a policy can use: the realm's and the global ones. */
  available: string[];
  isReadOnly: boolean;
  onChange(profiles: string[]): Promise<void>;
}

/** The client profiles a policy applies: attach one from the realm's and global profiles, detach. */
export function PolicyProfilesSection({
  realm,
  attached,
  available,
  isReadOnly,
  onChange,
}: PolicyProfilesSectionProps) {
  const { t } = useMessages();
  const left = available.filter((name) => !attached.includes(name));
  const [picked, setPicked] = useState("");
  const choice = left.includes(picked) ? picked : (left[0] ?? "");
  return (
    <SectionBlock title={t("clientProfiles")}>
      {!isReadOnly &&
        (left.length === 0 ? (
          <p>{t("cpNoProfileLeft")}</p>
        ) : (
          <Flex alignItems={{ default: "alignItemsFlexEnd" }}>
            <FlexItem>
              <FormGroup label={t("cpPickProfile")} fieldId="kc-policy-profile-pick">
                <SingleSelect
                  id="kc-policy-profile-pick"
                  options={left.map((name) => ({ value: name, label: name }))}
                  value={choice}
                  onChange={setPicked}
                />
              </FormGroup>
            </FlexItem>
            <FlexItem>
              <Button variant="secondary" onClick={() => void onChange([...attached, choice])}>
                {t("addClientProfile")}
              </Button>
            </FlexItem>
          </Flex>
        ))}
      {attached.length > 0 && (
        <Table aria-label={t("clientProfiles")} variant="compact" className="kc-cp-table">
          <Thead>
            <Tr>
              <Th>{t("name")}</Th>
              {!isReadOnly && <Th screenReaderText={t("delete")} />}
            </Tr>
          </Thead>
          <Tbody>
            {attached.map((name) => (
              <Tr key={name}>
                <Td dataLabel={t("name")}>
                  <Link to={toEditProfile(realm, name)}>{name}</Link>
                </Td>
                {!isReadOnly && (
                  <Td isActionCell>
                    <Button
                      variant="link"
                      isDanger
                      onClick={() => void onChange(attached.filter((entry) => entry !== name))}
                    >
                      {t("delete")}
                    </Button>
                  </Td>
                )}
              </Tr>
            ))}
          </Tbody>
        </Table>
      )}
    </SectionBlock>
  );
}
