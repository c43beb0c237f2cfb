import type { UserGroup, UserProfile } from '@crm/contracts';
import { App, Button, Descriptions, Empty, Flex, Form, Input, List, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { HistoryList } from '../history/history-line';
import { dateText, phoneText } from './people-kinds';
import { StudentStatusTag } from './person-badges';
import { useHistory, useNotes, usePeopleMutations } from './users-api';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** The groups of a student (his place and status in each) or of a teacher (the groups he teaches). */
export function GroupsTab({ person }: { person: UserProfile }) {
  const { t } = useTranslation();
  const days = (group: UserGroup) =>
    WEEKDAYS.filter((d) => group.days.includes(d))
      .map((d) => t(`users.weekdays.${d}`))
      .join(', ');
  if (!person.groups.length) return <Empty description={t('users.profile.noGroups')} />;
  return (
    <Table
      rowKey={(group) => `${group.id}-${group.student_status ?? 't'}`}
      size="small"
      dataSource={person.groups}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: t('users.profile.group'),
          key: 'name',
          render: (_, group) => <Link to={`/groups/${group.id}`}>{group.name}</Link>,
        },
        { title: t('users.profile.course'), key: 'course', render: (_, group) => group.course?.name ?? '' },
        { title: t('users.profile.teacher'), key: 'teacher', render: (_, group) => group.teacher?.name ?? '' },
        {
          title: t('users.profile.schedule'),
          key: 'time',
          render: (_, group) => (
            <Flex vertical>
              <span>{days(group)}</span>
              <Typography.Text type="secondary">
                {group.start_time}–{group.end_time}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: t('users.profile.status'),
          key: 'status',
          render: (_, group) =>
            group.student_status === null ? (
              t('users.profile.teaches')
            ) : (
              <StudentStatusTag status={group.student_status} />
            ),
        },
        {
          title: t('users.profile.joined'),
          key: 'joined',
          render: (_, group) => dateText(group.joined_at),
        },
      ]}
    />
  );
}

/** Spec §3 "extra contacts" and the personal details. */
export function ContactsTab({ person }: { person: UserProfile }) {
  const { t } = useTranslation();
  const { company } = useSession();
  const country = company?.datas.country ?? 'uz';
  const none = <Typography.Text type="secondary">—</Typography.Text>;
  const phone = (value: string | null) =>
    value ? <a href={`tel:${phoneText(value, country).replace(/\s/g, '')}`}>{phoneText(value, country)}</a> : none;
  const age = person.birthday ? dayjs().diff(dayjs(person.birthday), 'year') : null;
  return (
    <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
      <Descriptions.Item label={t('users.fields.phone')}>{phone(person.phone)}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.extra_phone')}>{phone(person.extra_phone)}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.parent_name')}>{person.parent_name ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.parent_phone')}>{phone(person.parent_phone)}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.birthday')}>
        {person.birthday ? `${dateText(person.birthday)} (${t('users.profile.age', { count: age ?? 0 })})` : none}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.fields.gender')}>
        {person.gender ? t(`users.gender.${person.gender}`) : none}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.fields.email')}>
        {person.email ? <a href={`mailto:${person.email}`}>{person.email}</a> : none}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.fields.telegram')}>
        {person.telegram ? (
          <a href={`https://t.me/${person.telegram.replace(/^@/, '')}`} target="_blank" rel="noreferrer">
            {person.telegram}
          </a>
        ) : (
          none
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.fields.address')}>{person.address ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.passport_id')}>{person.passport_id ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.ext_id')}>{person.ext_id ?? none}</Descriptions.Item>
      <Descriptions.Item label={t('users.profile.added')}>{dateText(person.created_at)}</Descriptions.Item>
      <Descriptions.Item label={t('users.fields.comment')} span={{ xs: 1, md: 2 }}>
        {person.comment ? <span style={{ whiteSpace: 'pre-wrap' }}>{person.comment}</span> : none}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Notes on the profile (spec §7 GET/POST /userComments). */
export function NotesTab({ person }: { person: UserProfile }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ text: string }>();
  const notes = useNotes(person.id);
  const { addNote } = usePeopleMutations();

  const save = async ({ text }: { text: string }) => {
    try {
      await addNote.mutateAsync({ user_id: person.id, text: text.trim() });
      form.resetFields();
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Form form={form} onFinish={save} layout="vertical">
        <Form.Item
          name="text"
          label={t('users.notes.new')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 2000 }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={addNote.isPending}>
          {t('users.notes.add')}
        </Button>
      </Form>
      <List
        loading={notes.isLoading}
        dataSource={notes.data?.data ?? []}
        locale={{ emptyText: <Empty description={t('users.notes.empty')} /> }}
        renderItem={(note) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Flex gap={8} wrap>
                  <span>{note.author?.name ?? t('users.history.system')}</span>
                  <Typography.Text type="secondary">
                    {dayjs(note.created_at).format('DD.MM.YYYY HH:mm')}
                  </Typography.Text>
                </Flex>
              }
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{note.text}</span>}
            />
          </List.Item>
        )}
      />
    </Flex>
  );
}

/** GET /user/{id}/history: what happened to this person, newest first, in the History page's sentences. */
export function HistoryTab({ person }: { person: UserProfile }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useHistory(person.id, page);
  // A student's places, marks and conversion are recorded on his groups and lead: the History page finds them too.
  const more = person.types.includes('student') ? `/history?student_id=${person.id}` : undefined;
  return <HistoryList history={history} page={page} onPage={setPage} empty={t('users.history.empty')} more={more} />;
}
