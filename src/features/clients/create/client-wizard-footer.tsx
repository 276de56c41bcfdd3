import { Button } from "@patternfly/react-core/dist/esm/components/Button/index.js";
import { useWizardContext, WizardFooterWrapper } from "@patternfly/react-core/dist/esm/components/Wizard/index.js";
import { useMessages } from "../../../core/i18n/use-messages.ts";
import "../messages.ts";

export interface ClientWizardFooterProps {
  /** Checks the active step's fields; the wizard moves on only when they are valid. */
  validateStep(stepId: string): Promise<boolean>;
  /** Saves; answers the id of the step to show when a field there needs attention. */
  onSave(): Promise<string | undefined>;
  onCancel(): void;
  isSaving: boolean;
}

/** Back, Next (after checking the step) or Save on the last step, and Cancel. */
export function ClientWizardFooter({ validateStep, onSave, onCancel, isSaving }: ClientWizardFooterProps) {
  const { t } = useMessages();
  const { activeStep, steps, goToNextStep, goToPrevStep, goToStepById } = useWizardContext();
  const shown = steps.filter((step) => !step.isHidden);
  const isFirst = shown[0]?.id === activeStep.id;
  const isLast = shown[shown.length - 1]?.id === activeStep.id;
  const next = async () => {
    if (await validateStep(String(activeStep.id))) await goToNextStep();
  };
  const save = async () => {
    const stepWithError = await onSave();
    if (stepWithError && stepWithError !== activeStep.id) goToStepById(stepWithError);
  };
  return (
    <WizardFooterWrapper>
      {isLast ? (
        <Button variant="primary" onClick={() => void save()} isLoading={isSaving} isDisabled={isSaving}>
          {t("save")}
        </Button>
      ) : (
        <Button variant="primary" onClick={() => void next()}>
          {t("next")}
        </Button>
      )}
      <Button variant="secondary" onClick={() => void goToPrevStep()} isDisabled={isFirst}>
        {t("back")}
      </Button>
      <Button variant="link" onClick={onCancel}>
        {t("cancel")}
      </Button>
    </WizardFooterWrapper>
  );
}
