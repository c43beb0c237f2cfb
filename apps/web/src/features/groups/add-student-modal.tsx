import type { Group } from '@crm/contracts';
import { Alert, DatePicker, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { companyTodayDayjs } from '../../shared/session/company-today';
import { useSession } from '../../shared/session/use-session';
import type { Dayjs } from './dates';
import { useGroupStudentMutations, useStudentSearch } from './groups-api';
import { useSave } from './use-dialog-save';

/** Spec §4: a student joins the group as a trial student, from a search by name or phone. */
export function AddStudentModal({ open, group, onClose }: { open: boolean; group: Group; onClose: () => void }) {
  const { t } = useTranslation();
  const { branch } = useSession();
  const [text, setText] = useState('');
  const [studentId, setStudentId] = useState<number | null>(null);
  const [date, setDate] = useState<Dayjs>(companyTodayDayjs());
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
