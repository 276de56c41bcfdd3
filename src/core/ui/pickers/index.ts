export { SearchSelect, type SearchSelectProps } from "./search-select.tsx";
export { ClientPicker, type ClientPickerProps } from "./client-picker.tsx";
export { UserPicker, type UserPickerProps } from "./user-picker.tsx";
export { GroupPickerDialog, type GroupPickerDialogProps } from "./group-picker-dialog.tsx";
export { searchClients } from "./client-search.ts";
export { flattenSearchMatches, type PickedGroup } from "./group-paths.ts";
export { PICKER_RESULT_SIZE, GROUP_PICKER_PAGE_SIZE } from "./picker-constants.ts";
export { RolePickerDialog, roleReference, type PickedRole } from "./role-picker-dialog.tsx";
export { ServerSearchSelect, type ServerSearchSelectProps } from "./server-search-select.tsx";
