import {
  exceptionDatesProblem,
  fromMinorUnits,
  type Group,
  type GroupStudent,
  StudentStatus,
  type StudentStatusId,
  toMinorUnits,
} from '@crm/contracts';
import { Alert, App, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { groupThousands, ungroup, useCurrency } from '../courses/money';
import { type Dayjs, dayjs } from './dates';
import { useArchiveReasons, useGroupStudentMutations, useStudentSearch, useTransferTargets } from './groups-api';

/** What the page asked to do with one student's place. */
export type StudentDialog =
  | { kind: 'status'; row: GroupStudent; to: StudentStatusId }
  | { kind: 'transfer'; row: GroupStudent }
  | { kind: 'price'; row: GroupStudent };

/** Saves, announces success and closes; a refusal is shown in words and nothing typed is lost. */
function useSave(onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async (action: () => Promise<unknown>, success: string, onRefusal?: (error: ApiError) => boolean) => {
    try {
      await action();
      message.success(success);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && onRefusal?.(error)) return;
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };
}

/* ------------------------------------------------------------------ add */

export function AddStudentModal({ open, group, onClose }: { open: boolean; group: Group; onClose: () => void }) {
  const { t } = useTranslation();
  const { branch } = useSession();
  const [text, setText] = useState('');
  const [studentId, setStudentId] = useState<number | null>(null);
  const [date, setDate] = useState<Dayjs>(dayjs());
  const [refusal, setRefusal] = useState<string | null>(null);
  const search = useStudentSearch(text, branch ?? group.branch_id);
  const { add } = useGroupStudentMutations(group.id);
  const close = () => {
    setText('');
    setStudentId(null);
    setRefusal(null);
    onClose();
  };
  const save = useSave(close);

  const submit = () => {
    if (studentId === null) return setRefusal(t('groups.students.pickStudent'));
    return save(
      () => add.mutateAsync({ studentId, created_date: date.format('YYYY-MM-DD') }),
      t('groups.students.added'),
      (error) => {
        // Spec §8 "Student already in this group (check archived list)": said in the dialog.
        if (error.code !== 'student_already_in_group' && error.code !== 'not_a_student') return false;
        setRefusal(errorMessage(t, error));
        return true;
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('groups.students.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={close}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Form layout="vertical">
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} role="alert" />}
        <Form.Item
          label={t('groups.students.search')}
          htmlFor="add-student-search"
          extra={t('groups.students.searchHint')}
          required
        >
          <Select
            id="add-student-search"
            autoFocus
            showSearch={{ filterOption: false, onSearch: setText }}
            value={studentId}
            onChange={(value) => {
              setStudentId(value);
              setRefusal(null);
            }}
            placeholder={t('groups.students.search')}
            loading={search.isFetching}
            notFoundContent={text.trim().length >= 2 && !search.isFetching ? t('groups.students.notFound') : null}
            options={search.data?.data.map((s) => ({ value: s.id, label: `${s.name} · ${s.phone}` }))}
          />
        </Form.Item>
        <Form.Item label={t('groups.students.joined')}>
          <DatePicker
            value={date}
            onChange={(value) => value && setDate(value)}
            format="DD.MM.YYYY"
            allowClear={false}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/* ------------------------------------------------------------------ status, transfer, price */

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

interface RowDialogProps {
  row: GroupStudent;
  groupId: number;
  onClose: () => void;
}

/** Spec §4 "remove from group (archive) with a reason". */
function ArchiveDialog({ row, groupId, onClose }: RowDialogProps) {
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
function ActivateDialog({ row, groupId, onClose }: RowDialogProps) {
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

/** Spec §4 "students move between groups with optional balance recalculation". */
function TransferDialog({ row, group, onClose }: { row: GroupStudent; group: Group; onClose: () => void }) {
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
        initialValues={{ date: dayjs() }}
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

interface PriceValues {
  exception_sum?: number;
  exception_sum_reason?: string;
  period?: [Dayjs, Dayjs];
}

/** Spec §3 individual price; §5 "Discount start and end dates must fall in the same year". */
function PriceDialog({ row, groupId, onClose }: RowDialogProps) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const [form] = Form.useForm<PriceValues>();
  const { setPrice, removePrice } = useGroupStudentMutations(groupId);
  const save = useSave(onClose);
  const hasPrice = row.exception_sum !== null;
  const initial: PriceValues = hasPrice
    ? {
        exception_sum: row.exception_sum === null ? undefined : fromMinorUnits(row.exception_sum, currency),
        exception_sum_reason: row.exception_sum_reason ?? '',
        period: [dayjs(row.exception_sum_start_date), dayjs(row.exception_sum_end_date)],
      }
    : {};

  return (
    <Modal
      open
      title={t('groups.students.priceTitle', { name: row.student.name })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={setPrice.isPending}
      footer={(buttons) => (
        <Space wrap>
          {hasPrice && (
            <Typography.Link
              type="danger"
              onClick={() => save(() => removePrice.mutateAsync(row.student.id), t('groups.students.priceRemoved'))}
            >
              {t('groups.students.removePrice')}
            </Typography.Link>
          )}
          {buttons}
        </Space>
      )}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => {
          const [from, to] = values.period ?? [];
          if (!from || !to) return;
          const start = from.format('YYYY-MM-DD');
          const end = to.format('YYYY-MM-DD');
          if (exceptionDatesProblem(start, end) === 'exception_dates_same_year') {
            form.setFields([{ name: 'period', errors: [t('errors.exception_dates_same_year')] }]);
            return;
          }
          void save(
            () =>
              setPrice.mutateAsync({
                studentId: row.student.id,
                exception_sum: toMinorUnits(values.exception_sum ?? 0, currency),
                exception_sum_reason: values.exception_sum_reason?.trim() || null,
                exception_sum_start_date: start,
                exception_sum_end_date: end,
              }),
            t('groups.students.priceSaved'),
            (error) => {
              if (error.code !== 'exception_dates_same_year') return false;
              form.setFields([{ name: 'period', errors: [errorMessage(t, error)] }]);
              return true;
            },
          );
        }}
      >
        <Form.Item
          name="exception_sum"
          label={`${t('groups.students.priceSum')} (${currency})`}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <InputNumber<number>
            min={0}
            inputMode="decimal"
            formatter={(value) => groupThousands(value)}
            parser={(text) => Number(ungroup(text))}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('groups.students.pricePeriod')}
          extra={t('groups.students.priceSameYear')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <DatePicker.RangePicker format="DD.MM.YYYY" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="exception_sum_reason" label={t('groups.students.priceReason')} rules={[{ max: 500 }]}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
