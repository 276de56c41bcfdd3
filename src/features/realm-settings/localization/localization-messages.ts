import { registerMessages } from "../../../core/i18n/message-bundles.ts";

/** Texts of the localization tab: Keycloak's keys where its console has the text, own keys start with `rsL10n`. */
export const localizationMessages = {
  locales: "Locales",
  realmOverrides: "Realm overrides",
  realmOverridesDescription:
    "Realm overrides allow you to specify translations that will take effect for the entire realm. These translations will override any translation specified by a theme.",
  realmOverridesHelp:
    "You can only edit the supported locales. If you haven't selected supported locale yet, you only can edit English locale.",
  effectiveMessageBundles: "Effective message bundles",
  effectiveMessageBundlesDescription:
    "An effective message bundle is the set of translations for a given language, theme, and theme type. It also takes into account any realm overrides, which will take precedence.",
  addTranslation: "Add translation",
  translationKey: "Key",
  translationValue: "Translation value",
  translationTableColumnName: "Translation",
  searchForTranslation: "Search for translation",
  noTranslations: "No translations",
  noTranslationsInstructions: "Add a translation to get started.",
  addTranslationSuccess: "Success! The translation has been added.",
  addTranslationError: "Error creating translation, {{error}}",
  updateTranslationSuccess: "Success! Translation updated.",
  updateTranslationError: "Error updating translation: {{error}}",
  deleteAllTranslationsSuccess: "Successfully removed translation(s).",
  deleteAllTranslationsError: "Error removing translation(s), {{error}}",
  deleteConfirmTranslationTitle: "Delete translation(s)?",
  translationDeleteConfirmDialog: "Are you sure you want to permanently delete {{count}} selected translation(s)?",
  selectALocale: "Select a locale",
  theme: "Theme",
  themeType: "Theme Type",
  language: "Language",
  key: "Key",
  value: "Value",
  edit: "Edit",
  delete: "Delete",
  cancel: "Cancel",
  create: "Create",
  save: "Save",
  search: "Search",
  localization: "Localization",
  rsL10nEditValue: "Edit the translation of {{key}}",
  rsL10nSaveValue: "Save the translation of {{key}}",
  rsL10nCancelEdit: "Cancel editing {{key}}",
  rsL10nKeyExists: "This key already has a translation for this locale; edit it in the list.",
  rsL10nNoBundle: "No messages",
  rsL10nNoBundleBody: "This theme type has no messages for the chosen locale.",
  rsL10nLocalesInThemes: "The same settings are also on the Themes tab.",
};

registerMessages("realm-settings-localization", localizationMessages);
