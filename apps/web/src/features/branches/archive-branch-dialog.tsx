import type { BranchArchiveInput, BranchArchivePreview } from '@crm/contracts';
import { Alert, App, Button, Flex, Modal, Radio, Select, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useAdminBranches, useArchivePreview, useBranchMutations } from './branches-api';
import type { AdminBranch } from './branches-page';

type PeopleChoice = BranchArchiveInput['people'];

/**
 * Archiving a branch, with what it will do asked of the server first (GET archive-preview): the active groups
 * that forbid it, the people who belong only here (moved to another branch or archived with it, the owner's
 * choice), the people who just lose this branch. History stays and the branch can be restored.
 */
export function ArchiveBranchDialog({ branch, onClose }: { branch: AdminBranch | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={branch !== null}
      title={branch ? t('branches.archiveTitle', { name: branch.name }) : undefined}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
    >
      {branch && <ArchiveBranchBody branch={branch} onClose={onClose} />}
    </Modal>
  );
}

function ArchiveBranchBody({ branch, onClose }: { branch: AdminBranch; onClose: () => void }) {
  const { t } = useTranslation();
  const preview = useArchivePreview(branch.id);
  if (preview.isError) {
    return (
      <Flex vertical gap={16}>
        {!isHandledGlobally(preview.error) && <Alert type="error" showIcon title={errorMessage(t, preview.error)} />}
        <Footer onClose={onClose} />
      </Flex>
    );
  }
  if (!preview.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  return <ArchiveChoice branch={branch} preview={preview.data} onClose={onClose} />;
}

function Footer({ onClose, children }: { onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex justify="flex-end" gap={8} wrap>
      <Button onClick={onClose}>{children ? t('common.cancel') : t('branches.close')}</Button>
      {children}
    </Flex>
  );
}

interface ArchiveChoiceProps {
  branch: AdminBranch;
  preview: BranchArchivePreview;
  onClose: () => void;
}

function ArchiveChoice({ branch, preview, onClose }: ArchiveChoiceProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { archive } = useBranchMutations();
  const working = useAdminBranches(false);
  const targets = (working.data?.data ?? []).filter((other) => other.id !== branch.id && !other.archived_at);
  const [people, setPeople] = useState<PeopleChoice>('move');
  const [moveTo, setMoveTo] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The only other branch is the obvious place to move people to.
  const onlyTarget = targets.length === 1 ? targets[0]?.id : undefined;
  useEffect(() => {
    if (onlyTarget !== undefined) setMoveTo((chosen) => chosen ?? onlyTarget);
  }, [onlyTarget]);
  // With nowhere to move them, archiving the people is the one choice left.
  const nowhereToMove = working.isSuccess && targets.length === 0;
  useEffect(() => {
    if (nowhereToMove) setPeople('archive');
  }, [nowhereToMove]);

  if (preview.last_branch || preview.active_groups > 0) {
    return (
      <Flex vertical gap={16}>
        <Alert
          type="warning"
          showIcon
          title={
            preview.last_branch
              ? t('branches.blockedLast')
              : t('branches.blockedGroups', { count: preview.active_groups })
          }
          description={preview.last_branch ? undefined : t('branches.blockedGroupsHelp')}
        />
        <Footer onClose={onClose} />
      </Flex>
    );
  }

  const choosing = preview.only_here > 0;
  const submit = async () => {
    setProblem(null);
    if (choosing && people === 'move' && moveTo === null) {
      setProblem(t('branches.chooseTarget'));
      return;
    }
    // Nobody belongs only here: "archive" moves no one, it only closes the branch.
    const input: BranchArchiveInput =
      choosing && people === 'move' && moveTo !== null
        ? { people: 'move', move_to_branch_id: moveTo }
        : { people: 'archive' };
    try {
      await archive.mutateAsync({ id: branch.id, ...input });
      message.success(t('branches.archivedDone', { name: branch.name }));
      onClose();
    } catch (error) {
      if (!isHandledGlobally(error)) setProblem(errorMessage(t, error));
    }
  };

  return (
    <Flex vertical gap={16}>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        <li>{t('branches.keepsHistory')}</li>
        <li>{t('branches.leavesLists')}</li>
        {preview.also_elsewhere > 0 && <li>{t('branches.alsoElsewhere', { count: preview.also_elsewhere })}</li>}
        {!choosing && <li>{t('branches.nobodyOnlyHere')}</li>}
      </ul>
      {choosing && (
        <Flex vertical gap={8}>
          <Typography.Text strong id="only-here-question">
            {t('branches.onlyHere', { count: preview.only_here })}
          </Typography.Text>
          <Radio.Group
            aria-labelledby="only-here-question"
            value={people}
            onChange={(event) => setPeople(event.target.value as PeopleChoice)}
          >
            <Flex vertical gap={8}>
              <Radio value="move" disabled={nowhereToMove}>
                {t('branches.movePeople')}
              </Radio>
              {people === 'move' && (
                <Select
                  aria-label={t('branches.moveTo')}
                  placeholder={t('branches.moveTo')}
                  value={moveTo ?? undefined}
                  onChange={setMoveTo}
                  loading={working.isPending}
                  options={targets.map((other) => ({ value: other.id, label: other.name }))}
                  style={{ marginInlineStart: 24, maxWidth: 320 }}
                />
              )}
              <Radio value="archive">{t('branches.archivePeople')}</Radio>
            </Flex>
          </Radio.Group>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {people === 'move' ? t('branches.movePeopleHelp') : t('branches.archivePeopleHelp')}
          </Typography.Text>
        </Flex>
      )}
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
      <Footer onClose={onClose}>
        <Button danger type="primary" loading={archive.isPending} onClick={submit}>
          {t('branches.archiveConfirm')}
        </Button>
      </Footer>
    </Flex>
  );
}
