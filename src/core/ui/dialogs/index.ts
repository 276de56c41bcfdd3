export { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog.tsx";
export { useConfirm, type ConfirmOptions } from "./use-confirm.tsx";
export { DownloadDialog, type DownloadDialogProps } from "./download-dialog.tsx";
export { downloadFile } from "./download-file.ts";
