/** Pieces shared by the notebook screens (dashboard, create, edit, view, moderation). */
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';
export { RefusedNotice } from './RefusedNotice.tsx';
export { StatePanel } from './StatePanel.tsx';
export { SyncBadge } from './SyncBadge.tsx';
export { answerSavedNotice, problemMessage, problemText, refusalMessage, refusalTitle, type ProblemSubject } from './messages.ts';
export { SignedInData } from './SignedInData.tsx';
export { useDataLayer, useObservable, type DataLayerState } from '../../../state/data-layer.ts';
