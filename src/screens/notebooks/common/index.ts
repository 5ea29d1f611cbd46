/** Pieces shared by the notebook screens (dashboard, create, edit, view, moderation). */
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';
export { SyncBadge } from './SyncBadge.tsx';
