import { useEffect, useState } from "react";
import { Alert } from "@patternfly/react-core/dist/esm/components/Alert/index.js";
import { List, ListItem } from "@patternfly/react-core/dist/esm/components/List/index.js";
import { useFormContext } from "react-hook-form";
import { useMessages } from "../../core/i18n/use-messages.ts";
import type { ProviderFormValues } from "./provider-form-values.ts";
import "./messages.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const WARNING_DAYS = 30;

interface CertificateFacts {
  subject: string;
  notAfter: Date;
}

/** Subject and expiry of each base64 DER certificate, read with node-forge (loaded only when there are some). */
async function readCertificates(list: string): Promise<(CertificateFacts | undefined)[]> {
  const bodies = list
    .split(",")
    .map((c) => c.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ""))
    .filter(Boolean);
  if (!bodies.length) return [];
  const { default: forge } = await import("node-forge");
  return bodies.map((body) => {
    try {
      const certificate = forge.pki.certificateFromAsn1(forge.asn1.fromDer(forge.util.decode64(body)));
      const subject = certificate.subject.attributes
        .map((a) => `${a.shortName ?? a.name}=${String(a.value)}`)
        .join(", ");
      return { subject, notAfter: certificate.validity.notAfter };
    } catch {
      return undefined;
    }
  });
}

/** ★ Each configured signing certificate's subject and expiry, with a warning when one expires within 30 days. */
export function CertificateExpiry() {
  const { t } = useMessages();
  const value = useFormContext<ProviderFormValues>().watch("config.signingCertificate") ?? "";
  const [facts, setFacts] = useState<(CertificateFacts | undefined)[]>([]);
  useEffect(() => {
    let current = true;
    readCertificates(value).then(
      (read) => current && setFacts(read),
      () => current && setFacts([]),
    );
    return () => {
      current = false;
    };
  }, [value]);
  if (!facts.length) return null;
  const now = Date.now();
  const soon = facts.filter((f) => f && f.notAfter.getTime() - now < WARNING_DAYS * DAY_MS);
  return (
    <>
      <List aria-label={t("signingCertificates")}>
        {facts.map((f, index) => (
          <ListItem key={index}>
            {f
              ? t("certificateSubjectExpiry", { subject: f.subject, date: f.notAfter.toLocaleDateString() })
              : t("certificateUnreadable")}
          </ListItem>
        ))}
      </List>
      {soon.length > 0 && (
        <Alert
          variant="warning"
          isInline
          title={soon.some((f) => f!.notAfter.getTime() < now) ? t("certificateExpired") : t("certificateExpiresSoon")}
        />
      )}
    </>
  );
}
