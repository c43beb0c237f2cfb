import { DeleteOutlined, EditOutlined, InboxOutlined, UndoOutlined } from '@ant-design/icons';
import type { UserListItem, UserType } from '@crm/contracts';
import { Button, Flex, Popconfirm, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, useCurrency } from '../courses/money';
import { OfferSignedTag } from '../offer/offer-signed-tag';
import { PhoneWithCall } from '../telephony/call-button';
import { dateText, PEOPLE_KINDS, phoneText } from './people-kinds';
import { StudentStatusTag, TagList } from './person-badges';

interface ColumnsOptions {
  type: UserType;
  archived: boolean;
  /** A phone-sized screen: the phone goes under the name. */
  narrow: boolean;
  country: string;
  /** Oneself and people senior to one: the server refuses archiving them. */
  untouchable: (person: UserListItem) => boolean;
  onEdit: (person: UserListItem) => void;
  onArchive: (ids: number[]) => void;
  onRestore: (ids: number[]) => void;
  onDelete: (ids: number[]) => void;
}

/** The columns of a people list: what each kind shows, and the row actions of the active list or the archive. */
export function usePeopleColumns({
  type,
  archived,
  narrow,
  country,
  untouchable,
  onEdit,
  onArchive,
  onRestore,
  onDelete,
}: ColumnsOptions): TableColumnsType<UserListItem> {
  const { t } = useTranslation();
  const kind = PEOPLE_KINDS[type];
  const currency = useCurrency();
  // A debt shows in red; on a phone the balance goes under the name, with the phone.
  const balanceText = (person: UserListItem, fontSize?: number) =>
    person.balance === undefined ? null : (
      <Typography.Text type={person.balance < 0 ? 'danger' : undefined} style={{ whiteSpace: 'nowrap', fontSize }}>
        {formatMoney(person.balance, currency)}
      </Typography.Text>
    );
  const columns: TableColumnsType<UserListItem> = [
    {
      title: t('users.fields.name'),
      key: 'name',
      render: (_, person) => (
        <Flex vertical>
          <Link to={kind.profilePath(person.id)}>{person.name}</Link>
          {narrow && (
            <PhoneWithCall
              phone={person.phone}
              text={<Typography.Text style={{ fontSize: 12 }}>{phoneText(person.phone, country)}</Typography.Text>}
            />
          )}
          {narrow && balanceText(person, 12)}
          {person.parent_name && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('users.fields.parent_name')}: {person.parent_name}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('users.fields.phone'),
      key: 'phone',
      responsive: ['md'],
      render: (_, person) => <PhoneWithCall phone={person.phone} text={phoneText(person.phone, country)} />,
    },
    ...(type === 'staff'
      ? [
          {
            title: t('users.fields.roles'),
            key: 'roles',
            render: (_: unknown, person: UserListItem) => (
              <Flex wrap gap={4}>
                {person.roles.map((role) => (
                  <Tag key={role.id}>{t(`roles.${role.id}`)}</Tag>
                ))}
              </Flex>
            ),
          },
        ]
      : [
          {
            title: t('users.fields.groups'),
            key: 'groups',
            responsive: ['md' as const],
            render: (_: unknown, person: UserListItem) =>
              person.groups.length ? (
                <Flex vertical gap={2}>
                  {person.groups.map((group) => (
                    <Space key={group.id} size={4} wrap>
                      <Link to={`/groups/${group.id}`}>{group.name}</Link>
                      {group.student_status !== null && <StudentStatusTag status={group.student_status} />}
                    </Space>
                  ))}
                </Flex>
              ) : (
                <Typography.Text type="secondary">{t('users.list.noGroups')}</Typography.Text>
              ),
          },
        ]),
    ...(type === 'student'
      ? [
          {
            title: t('users.fields.tags'),
            key: 'tags',
            responsive: ['lg' as const],
            render: (_: unknown, person: UserListItem) => <TagList tags={person.tags} />,
          },
          {
            title: t('users.fields.balance'),
            key: 'balance',
            align: 'right' as const,
            responsive: ['md' as const],
            render: (_: unknown, person: UserListItem) => balanceText(person),
          },
          {
            title: t('users.fields.birthday'),
            key: 'birthday',
            responsive: ['xl' as const],
            render: (_: unknown, person: UserListItem) => dateText(person.birthday),
          },
          {
            title: t('offer.column'),
            key: 'offer',
            responsive: ['lg' as const],
            render: (_: unknown, person: UserListItem) => <OfferSignedTag signed={person.offer_signed} />,
          },
        ]
      : []),
    {
      title: t('users.fields.branches'),
      key: 'branches',
      responsive: ['lg'],
      render: (_, person) => person.branches.map((b) => b.name).join(', '),
    },
    ...(archived
      ? [
          {
            title: t('users.list.archivedAt'),
            key: 'archived_at',
            responsive: ['md' as const],
            render: (_: unknown, person: UserListItem) => dateText(person.archived_at),
          },
        ]
      : []),
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 104,
      render: (_, person) =>
        archived ? (
          <Space>
            <Button
              icon={<UndoOutlined />}
              aria-label={t('users.list.restoreLabel', { name: person.name })}
              title={t('users.list.restoreLabel', { name: person.name })}
              onClick={() => onRestore([person.id])}
            />
            <Popconfirm
              title={t('users.list.deleteQuestion', { count: 1, name: person.name })}
              description={t('users.list.deleteWarning')}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete([person.id])}
            >
              <Button
                danger
                icon={<DeleteOutlined />}
                aria-label={t('users.list.deleteLabel', { name: person.name })}
                title={t('users.list.deleteLabel', { name: person.name })}
              />
            </Popconfirm>
          </Space>
        ) : (
          <Space>
            <Button
              icon={<EditOutlined />}
              aria-label={t('users.list.editLabel', { name: person.name })}
              title={t('users.list.editLabel', { name: person.name })}
              onClick={() => onEdit(person)}
            />
            <Popconfirm
              title={t('users.list.archiveQuestion', { count: 1, name: person.name })}
              description={t(`users.list.archiveWarning.${type}`)}
              okText={t('users.actions.archive')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onArchive([person.id])}
              disabled={untouchable(person)}
            >
              <Button
                danger
                disabled={untouchable(person)}
                icon={<InboxOutlined />}
                aria-label={t('users.list.archiveLabel', { name: person.name })}
                title={t('users.list.archiveLabel', { name: person.name })}
              />
            </Popconfirm>
          </Space>
        ),
    },
  ];
  // A cell is drawn again only for a new person (see usePeopleRows): the table draws itself twice when it
  // mounts (it measures its columns), and again on every tick of a selection.
  return columns.map((column) => ({ ...column, shouldCellUpdate: (person, before) => person !== before }));
}

/**
 * The rows for the columns above. Their cells are drawn again only when their person changes, so when
 * something else they show changes (`drawnWith`: the language, the screen size, the list…), every person
 * is copied and every cell drawn anew.
 */
export function usePeopleRows(people: UserListItem[] | undefined, drawnWith: string): UserListItem[] | undefined {
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawnWith is the reason to copy
  return useMemo(() => people?.map((person) => ({ ...person })), [people, drawnWith]);
}
