import type { UserProfile, UserType, UserUpdate } from '@crm/contracts';
import { Alert, App, DatePicker, Form, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { companyTodayDayjs } from '../../shared/session/company-today';
import { useSession } from '../../shared/session/use-session';
import { useAddToGroup, useGroupOptions, usePeopleMutations, useStudentTags } from './users-api';

/** One PUT /user/{id} of a profile dialog: says it is done, or why not, and closes on success. */
function usePersonUpdate(id: number, onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { update } = usePeopleMutations();
  const save = async (input: UserUpdate, done: string) => {
    try {
      await update.mutateAsync({ id, ...input });
      message.success(done);
      onClose();
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };
  return { save, pending: update.isPending };
}

/** Spec §2 "move branch" of a student; "CEO profiles can link a teacher to other branches" (§6). */
export function BranchesModal({
  person,
  type,
  open,
  onClose,
}: {
  person: UserProfile;
  type: UserType;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { save, pending } = usePersonUpdate(person.id, onClose);
  const single = type === 'student' && person.branches.length <= 1;
  const [value, setValue] = useState<number[]>(person.branches.map((b) => b.id));
  const mine = user?.branches ?? [];
  const options = mine.map((b) => ({ value: b.id, label: b.name }));

  return (
    <Modal
      open={open}
      title={t(single ? 'users.branches.moveTitle' : 'users.branches.linkTitle', { name: person.name })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => save({ branches: value }, t(single ? 'users.branches.moved' : 'users.branches.saved'))}
      okButtonProps={{ disabled: value.length === 0 }}
      confirmLoading={pending}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && setValue(person.branches.map((b) => b.id))}
    >
      <Typography.Paragraph type="secondary">
        {t(single ? 'users.branches.moveHint' : 'users.branches.linkHint')}
      </Typography.Paragraph>
      {single ? (
        <Select
          aria-label={t('users.fields.branches')}
          style={{ width: '100%' }}
          value={value[0]}
          onChange={(branch: number) => setValue([branch])}
          options={options}
        />
      ) : (
        <Select
          aria-label={t('users.fields.branches')}
          mode="multiple"
          style={{ width: '100%' }}
          value={value.filter((b) => mine.some((m) => m.id === b))}
          onChange={(branches: number[]) =>
            // Branches the editor does not work in stay; the server keeps them too.
            setValue([...branches, ...value.filter((b) => !mine.some((m) => m.id === b))])
          }
          options={options}
        />
      )}
    </Modal>
  );
}

/** Spec §2 profile "tags" of a student (tag CRUD is the tags feature's). */
export function TagsModal({ person, open, onClose }: { person: UserProfile; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const tags = useStudentTags(open);
  const { save, pending } = usePersonUpdate(person.id, onClose);
  const [value, setValue] = useState<number[]>(person.tags.map((tag) => tag.id));

  return (
    <Modal
      open={open}
      title={t('users.actions.tags')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => save({ tag_ids: value }, t('users.form.saved'))}
      confirmLoading={pending}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && setValue(person.tags.map((tag) => tag.id))}
    >
      <Select
        aria-label={t('users.fields.tags')}
        mode="multiple"
        style={{ width: '100%' }}
        value={value}
        onChange={setValue}
        loading={tags.isLoading}
        optionFilterProp="label"
        options={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
        notFoundContent={t('users.form.noTags')}
      />
    </Modal>
  );
}

/** Spec §2 profile "add to group": a running group of the student's branch, from a day (today by default). */
export function AddToGroupModal({
  person,
  open,
  onClose,
}: {
  person: UserProfile;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { branch } = useSession();
  const [form] = Form.useForm<{ group_id: number; created_date: Dayjs }>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const branchId = person.branches.some((b) => b.id === branch) ? branch : (person.main_branch ?? branch);
  const groups = useGroupOptions(branchId, open);
  const add = useAddToGroup(person.id);
  const current = new Set(
    person.groups.filter((g) => g.student_status !== null && g.student_status !== 6).map((g) => g.id),
  );

  const save = async (values: { group_id: number; created_date: Dayjs }) => {
    setRefusal(null);
    try {
      await add.mutateAsync({ groupId: values.group_id, created_date: values.created_date.format('YYYY-MM-DD') });
      message.success(t('users.groupAdd.added'));
      onClose();
    } catch (error) {
      if (isHandledGlobally(error)) return;
      // Spec §8 "Student already in this group (check archived list)" and the like: said in the dialog.
      if (error instanceof ApiError && error.status < 500) setRefusal(errorMessage(t, error));
      else message.error(errorMessage(t, error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('users.groupAdd.title', { name: person.name })}
      okText={t('users.actions.addToGroup')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      confirmLoading={add.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={save} initialValues={{ created_date: companyTodayDayjs() }}>
        <Form.Item
          name="group_id"
          label={t('users.profile.group')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={groups.isLoading}
            notFoundContent={t('users.groupAdd.noGroups')}
            options={(groups.data ?? []).map((group) => ({
              value: group.id,
              disabled: current.has(group.id),
              label: `${group.title} · ${group.course.name} · ${group.start_time}–${group.end_time}${group.teacher ? ` · ${group.teacher.name}` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="created_date"
          label={t('users.groupAdd.from')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon title={refusal} />}
    </Modal>
  );
}
