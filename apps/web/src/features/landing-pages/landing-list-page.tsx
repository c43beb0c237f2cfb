import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { LandingPageList } from '@crm/contracts';
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { ButtonLink } from '../../shared/ui/button-link';
import { runAction } from '../courses/form-errors';
import { FormsAreaTabs } from '../forms/forms-area-tabs';
import { useLandingPages, useLandingWrites } from './landing-api';
import { LANDING_NEW_PATH, landingEditPath } from './landing-paths';
import { CopyAddress, OpenPageButton } from './page-address';

type Row = LandingPageList['data'][number];

/** When a page was last saved, as people read it here: 05.09.2025 14:30 (in the reader's own clock). */
const dateTimeText = (iso: string) => dayjs(iso).format('DD.MM.YYYY HH:mm');

function RowActions({ page }: { page: Row }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { remove } = useLandingWrites();
  return (
    <Space size={4} wrap>
      {page.published && <OpenPageButton path={page.path} title={page.title} iconOnly />}
      {page.policies.edit && (
        <ButtonLink to={landingEditPath(page.id)} icon={<EditOutlined />}>
          {t('landingPages.editShort')}
        </ButtonLink>
      )}
      {page.policies.delete && (
        <Popconfirm
          title={t('landingPages.deleteQuestion', { title: page.title })}
          description={t('landingPages.deleteWarning')}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => runAction(t, message, () => remove.mutateAsync(page.id), t('landingPages.deleted'))}
        >
          <Button danger icon={<DeleteOutlined />} aria-label={t('landingPages.delete', { title: page.title })} />
        </Popconfirm>
      )}
    </Space>
  );
}

/** Issue 20: the company's landing pages, each with its public address to copy, and the way to a new one. */
export function LandingListPage() {
  const { t } = useTranslation();
  const pages = useLandingPages();
  const canCreate = pages.data?.policies.create ?? false;
  const createButton = (
    <ButtonLink to={LANDING_NEW_PATH} type="primary" icon={<PlusOutlined />}>
      {t('landingPages.create')}
    </ButtonLink>
  );

  const columns: TableColumnsType<Row> = [
    {
      title: t('landingPages.columns.title'),
      key: 'title',
      render: (_, page) => <Link to={landingEditPath(page.id)}>{page.title}</Link>,
    },
    { title: t('landingPages.columns.address'), key: 'address', render: (_, page) => <CopyAddress path={page.path} /> },
    {
      title: t('landingPages.columns.locale'),
      key: 'locale',
      responsive: ['md'],
      render: (_, page) => t(`languages.${page.locale}`),
    },
    {
      title: t('landingPages.columns.status'),
      key: 'status',
      render: (_, page) =>
        page.published ? <Tag color="green">{t('landingPages.published')}</Tag> : <Tag>{t('landingPages.draft')}</Tag>,
    },
    {
      title: t('landingPages.columns.updated'),
      key: 'updated',
      responsive: ['lg'],
      render: (_, page) => <time dateTime={page.updated_at}>{dateTimeText(page.updated_at)}</time>,
    },
    { title: t('common.actions'), key: 'actions', render: (_, page) => <RowActions page={page} /> },
  ];

  return (
    <Flex vertical gap={16}>
      <FormsAreaTabs />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('landingPages.title')}
        </Typography.Title>
        {canCreate && createButton}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('landingPages.intro')}
      </Typography.Paragraph>
      {pages.isError && !isHandledGlobally(pages.error) && (
        <Alert type="error" showIcon title={errorMessage(t, pages.error)} />
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={pages.data?.data ?? []}
        loading={pages.isPending}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: pages.isPending ? (
            ' '
          ) : (
            <Empty description={t('landingPages.empty')}>{canCreate && createButton}</Empty>
          ),
        }}
      />
    </Flex>
  );
}
