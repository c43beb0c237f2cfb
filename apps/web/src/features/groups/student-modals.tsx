import { type Group, type GroupStudent, StudentStatus, type StudentStatusId } from '@crm/contracts';
import { PriceDialog } from './price-dialog';
import { ActivateDialog, ArchiveDialog } from './student-status-dialogs';
import { TransferDialog } from './transfer-dialog';

export { AddStudentModal } from './add-student-modal';

/** What the page asked to do with one student's place. */
export type StudentDialog =
  | { kind: 'status'; row: GroupStudent; to: StudentStatusId }
  | { kind: 'transfer'; row: GroupStudent }
  | { kind: 'price'; row: GroupStudent };

/** The dialog the page asked for about one student's place: status, transfer or individual price. */
export function StudentDialogs({
  dialog,
  group,
  onClose,
}: {
  dialog: StudentDialog | null;
  group: Group;
  onClose: () => void;
}) {
  if (!dialog) return null;
  if (dialog.kind === 'status' && dialog.to === StudentStatus.archived)
    return <ArchiveDialog row={dialog.row} groupId={group.id} onClose={onClose} />;
  if (dialog.kind === 'status') return <ActivateDialog row={dialog.row} groupId={group.id} onClose={onClose} />;
  if (dialog.kind === 'transfer') return <TransferDialog row={dialog.row} group={group} onClose={onClose} />;
  return <PriceDialog row={dialog.row} groupId={group.id} onClose={onClose} />;
}
