import { StudentStatus } from '@crm/contracts';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useArchiveReasons, useGroupStudentMutations } from './groups-api';
import { type RowDialogProps, useSave } from './use-dialog-save';

/** Spec §4 "remove from group (archive) with a reason". */
export function ArchiveDialog({ row, groupId, onClose }: RowDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason_id?: number; comment?: string; return_the_money?: boolean }>();
  const reasons = useArchiveReasons();
  const { setStatus } = useGroupStudentMutations(groupId);
  const save = useSave(onClose);
  return (
    <Modal
      open
      title={t('groups.students.archiveTitle', { name: row.student.name })}
      okText={t('groups.students.actions.6')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={setStatus.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => {
          if (!values.reason_id && !values.comment?.trim()) {
            form.setFields([{ name: 'reason_id', errors: [t('groups.students.reasonOrComment')] }]);
            return;
          }
          void save(
            () =>
              setStatus.mutateAsync({
                studentId: row.student.id,
                status: StudentStatus.archived,
                reason_id: values.reason_id,
                comment: values.comment?.trim() || undefined,
                return_the_money: values.return_the_money || undefined,
              }),
            t('groups.students.statusChanged'),
          );
        }}
      >
        <Form.Item name="reason_id" label={t('groups.students.reason')}>
          <Select
            allowClear
            loading={reasons.isPending}
            options={reasons.data?.map((reason) => ({ value: reason.id, label: reason.name }))}
          />
        </Form.Item>
        <Form.Item name="comment" label={t('groups.students.comment')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="return_the_money" valuePropName="checked">
          <Checkbox>{t('groups.students.returnMoney')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Activation (and restoring as active) may charge the student: the finance side decides, with this choice. */
export function ActivateDialog({ row, groupId, onClose }: RowDialogProps) {
  const { t } = useTranslation();
  const [recalculate, setRecalculate] = useState(false);
  const { setStatus } = useGroupStudentMutations(groupId);
  const save = useSave(onClose);
  return (
    <Modal
      open
      title={t('groups.students.activateTitle', { name: row.student.name })}
      okText={t('groups.students.actions.5')}
      cancelText={t('common.cancel')}
      confirmLoading={setStatus.isPending}
      onCancel={onClose}
      onOk={() =>
        save(
          () =>
            setStatus.mutateAsync({
              studentId: row.student.id,
              status: StudentStatus.active,
              recalculation_in_all_groups: recalculate || undefined,
            }),
          t('groups.students.statusChanged'),
        )
      }
    >
      <Checkbox checked={recalculate} onChange={(event) => setRecalculate(event.target.checked)}>
        {t('groups.students.recalculate')}
      </Checkbox>
    </Modal>
  );
}
