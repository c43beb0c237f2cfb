import type { Group, GroupStudent } from '@crm/contracts';
import { Checkbox, DatePicker, Form, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { companyTodayDayjs } from '../../shared/session/company-today';
import type { Dayjs } from './dates';
import { useGroupStudentMutations, useTransferTargets } from './groups-api';
import { useSave } from './use-dialog-save';

/** Spec §4 "students move between groups with optional balance recalculation". */
export function TransferDialog({ row, group, onClose }: { row: GroupStudent; group: Group; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{
    group_id?: number;
    date: Dayjs;
    student_status?: number;
    return_the_money?: boolean;
  }>();
  const targets = useTransferTargets(group.branch_id, true);
  const { transfer } = useGroupStudentMutations(group.id);
  const save = useSave(onClose);
  return (
    <Modal
      open
      title={t('groups.students.transferTitle', { name: row.student.name })}
      okText={t('groups.students.actions.transfer')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={transfer.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ date: companyTodayDayjs() }}
        onFinish={(values) =>
          save(
            () =>
              transfer.mutateAsync({
                studentId: row.student.id,
                toGroupId: values.group_id as number,
                created_date: values.date.format('YYYY-MM-DD'),
                student_status: values.student_status,
                return_the_money: values.return_the_money || undefined,
              }),
            t('groups.students.moved'),
            (error) => {
              if (error.code !== 'student_already_in_group') return false;
              form.setFields([{ name: 'group_id', errors: [errorMessage(t, error)] }]);
              return true;
            },
          )
        }
      >
        <Form.Item
          name="group_id"
          label={t('groups.students.targetGroup')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={targets.isPending}
            options={targets.data
              ?.filter((target) => target.id !== group.id)
              .map((target) => ({
                value: target.id,
                label: `${target.title} · ${target.teacher.name} · ${target.start_time}`,
              }))}
          />
        </Form.Item>
        <Space wrap size={12}>
          <Form.Item name="date" label={t('groups.students.transferDate')} rules={[{ required: true }]}>
            <DatePicker format="DD.MM.YYYY" allowClear={false} />
          </Form.Item>
          <Form.Item name="student_status" label={t('groups.students.newStatus')}>
            <Select
              allowClear
              placeholder={t('groups.students.keepStatus')}
              style={{ minWidth: 180 }}
              options={[1, 2, 3, 4, 5].map((value) => ({ value, label: t(`groups.students.status.${value}`) }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="return_the_money" valuePropName="checked">
          <Checkbox>{t('groups.students.returnMoney')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
