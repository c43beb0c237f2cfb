import { MessageOutlined } from '@ant-design/icons';
import type { SmsAudience, UserSearchItem } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Modal, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../shared/api/api-client';
import { useReportGroupOptions } from '../reports/reports-api';
import { LazySmsComposer, useMayWriteSms } from './write-sms-button';

type Kind = 'students' | 'group' | 'debtors';
interface Chosen {
  audience: SmsAudience;
  label: string;
}

/**
 * "Write SMS" on the SMS page: first who to — some students found by name or phone, a group, or the
 * branch's debtors — then the composer.
 */
export function SmsAudiencePicker({ branchId }: { branchId: number | undefined }) {
  const { t } = useTranslation();
  const may = useMayWriteSms();
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [composing, setComposing] = useState(false);
  if (!may) return null;
  return (
    <>
      <Button type="primary" icon={<MessageOutlined />} onClick={() => setPicking(true)}>
        {t('sms.write')}
      </Button>
      <Modal
        open={picking}
        title={t('sms.audience.title')}
        onCancel={() => setPicking(false)}
        destroyOnHidden
        footer={null}
        width={520}
      >
        {picking && branchId !== undefined && (
          <PickerForm
            branchId={branchId}
            onCancel={() => setPicking(false)}
            onChosen={(next) => {
              setPicking(false);
              setChosen(next);
              setComposing(true);
            }}
          />
        )}
      </Modal>
      <LazySmsComposer
        open={composing}
        onClose={() => setComposing(false)}
        audience={chosen?.audience ?? null}
        audienceLabel={chosen?.label ?? ''}
        branchId={branchId}
      />
    </>
  );
}

function PickerForm({
  branchId,
  onCancel,
  onChosen,
}: {
  branchId: number;
  onCancel: () => void;
  onChosen: (chosen: Chosen) => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('students');
  const [students, setStudents] = useState<{ value: number; label: string }[]>([]);
  const [groupId, setGroupId] = useState<number | undefined>();
  const [search, setSearch] = useState('');
  const groups = useReportGroupOptions(branchId);
  const found = useQuery({
    queryKey: ['sms', 'student-search', branchId, search.trim()],
    queryFn: () =>
      apiRequest<{ data: UserSearchItem[] }>('/user_search', {
        query: { search: search.trim(), user_type: 'student', branch_id: branchId, limit: 20 },
      }),
    enabled: search.trim().length >= 2,
    staleTime: 30_000,
  });

  const next = () => {
    if (kind === 'students') {
      onChosen({
        audience: { kind: 'students', student_ids: students.map((student) => student.value) },
        label:
          students.length === 1 ? (students[0]?.label ?? '') : t('sms.audience.students', { count: students.length }),
      });
    } else if (kind === 'group' && groupId !== undefined) {
      const label = groups.data?.find((group) => group.value === groupId)?.label ?? '';
      onChosen({ audience: { kind: 'group', group_id: groupId }, label });
    } else if (kind === 'debtors') {
      onChosen({ audience: { kind: 'debtors' }, label: t('sms.audience.debtorsLabel') });
    }
  };
  const ready = kind === 'debtors' || (kind === 'group' ? groupId !== undefined : students.length > 0);

  return (
    <Flex vertical gap={16}>
      <Segmented<Kind>
        block
        value={kind}
        onChange={setKind}
        options={(['students', 'group', 'debtors'] as const).map((value) => ({
          value,
          label: t(`sms.audience.kinds.${value}`),
        }))}
      />
      <Form layout="vertical" component="div">
        {kind === 'students' && (
          <Form.Item label={t('sms.audience.kinds.students')} htmlFor="sms-students">
            <Select
              id="sms-students"
              mode="multiple"
              labelInValue
              showSearch={{ onSearch: setSearch, filterOption: false }}
              placeholder={t('sms.audience.searchStudents')}
              notFoundContent={search.trim().length < 2 ? t('sms.audience.typeTwo') : undefined}
              loading={found.isFetching}
              value={students}
              onChange={(values: { value: number; label: string }[]) => setStudents(values)}
              options={(found.data?.data ?? []).map((student) => ({ value: student.id, label: student.name }))}
            />
          </Form.Item>
        )}
        {kind === 'group' && (
          <Form.Item label={t('sms.audience.kinds.group')} htmlFor="sms-group">
            <Select
              id="sms-group"
              showSearch={{ optionFilterProp: 'label' }}
              loading={groups.isPending}
              value={groupId}
              onChange={setGroupId}
              options={groups.data}
            />
          </Form.Item>
        )}
        {kind === 'debtors' && <Typography.Paragraph>{t('sms.audience.debtorsHint')}</Typography.Paragraph>}
      </Form>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" disabled={!ready} onClick={next}>
          {t('sms.audience.next')}
        </Button>
      </Flex>
    </Flex>
  );
}
