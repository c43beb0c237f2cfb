import { CloseOutlined } from '@ant-design/icons';
import { ORDER_STATUS_KEYS, ORDER_STATUSES, type Order, type OrderStatusId } from '@crm/contracts';
import { Empty, Flex, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../shared/ui/visually-hidden';
import { useSearchPatch } from '../../shared/url/use-search-patch';
import { dateTime } from '../forms/form-format';
import { positiveParam, wholeParam } from './address-filters';
import { Coins, OrderStatusTag, ProductThumb } from './coin-format';
import { ConfirmOrderModal } from './confirm-order-modal';
import { useOrderChoices, useOrders } from './gamification-api';
import { OrderActions } from './order-actions';
import { PagedTable } from './query-gate';

/** The filters as the address keeps them (?status=&product=&responsible=&student=&page=). */
interface OrderFilters {
  status?: OrderStatusId;
  product_id?: number;
  responsible_id?: number;
  student_id?: number;
  page: number;
}

function filtersOf(params: URLSearchParams): OrderFilters {
  // Pending is 0: the status is any whole number, the rest are ids.
  const status = wholeParam(params, 'status');
  return {
    status: ORDER_STATUSES.find((known) => known === status),
    product_id: positiveParam(params, 'product'),
    responsible_id: positiveParam(params, 'responsible'),
    student_id: positiveParam(params, 'student'),
    page: positiveParam(params, 'page') ?? 1,
  };
}

/**
 * Spec §2 gamification/orders: the orders of the caller's branches, newest first. The desk hands a product over
 * with the student's code, or cancels the order (the coins return); each row offers what its policies allow.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const [params, patch] = useSearchPatch();
  const filters = filtersOf(params);
  const list = useOrders(filters);
  const choices = useOrderChoices();
  const [confirming, setConfirming] = useState<Order | null>(null);
  const filtered =
    filters.status !== undefined || Boolean(filters.product_id || filters.responsible_id || filters.student_id);
  const filter = (changes: Record<string, string | undefined>) => patch({ ...changes, page: undefined });
  const idOf = (value: number | undefined) => (value === undefined ? undefined : String(value));
  // The student of the filter is named by his orders; without any, by his number.
  const studentName =
    list.data?.data.find((order) => order.student.id === filters.student_id)?.student.name ?? `#${filters.student_id}`;

  // The products and staff that appear in orders (GET /gamification/orders/choices).
  const choiceFilters = [
    {
      key: 'product',
      label: t('gamification.orders.product'),
      anyone: t('gamification.orders.anyProduct'),
      value: filters.product_id,
      options: choices.data?.products,
    },
    {
      key: 'responsible',
      label: t('gamification.orders.responsible'),
      anyone: t('gamification.orders.anyResponsible'),
      value: filters.responsible_id,
      options: choices.data?.responsible,
    },
  ];

  const columns: ColumnsType<Order> = [
    {
      key: 'product',
      title: t('gamification.orders.product'),
      render: (_, order) => (
        <Flex gap={8} align="center">
          <ProductThumb photo={order.product.photo} name={order.product.name} size={32} />
          <span>{order.product.name}</span>
        </Flex>
      ),
    },
    {
      key: 'student',
      title: t('gamification.orders.student'),
      render: (_, order) => (
        <Typography.Link
          onClick={() => filter({ student: String(order.student.id) })}
          aria-label={t('gamification.orders.onlyStudent', { name: order.student.name })}
        >
          {order.student.name}
        </Typography.Link>
      ),
    },
    { key: 'price', title: t('gamification.orders.price'), render: (_, order) => <Coins amount={order.price} /> },
    {
      key: 'status',
      title: t('gamification.orders.status'),
      render: (_, order) => (
        <Flex vertical gap={2} align="flex-start">
          <OrderStatusTag status={order.status} />
          {order.locked_until && <Tag color="red">{t('gamification.orders.locked')}</Tag>}
        </Flex>
      ),
    },
    { key: 'branch', title: t('gamification.orders.branch'), render: (_, order) => order.branch?.name ?? '—' },
    { key: 'created', title: t('gamification.orders.created'), render: (_, order) => dateTime(order.created_at) },
    {
      key: 'responsible',
      title: t('gamification.orders.responsible'),
      render: (_, order) =>
        order.responsible ? (
          <Flex vertical>
            <span>{order.responsible.name}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dateTime(order.confirmed_at ?? order.cancelled_at)}
            </Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
      render: (_, order) => <OrderActions order={order} onConfirm={() => setConfirming(order)} />,
    },
  ];

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('gamification.orders.title')}
      </Typography.Title>
      <Flex wrap gap={8} align="center">
        <Select<OrderStatusId>
          aria-label={t('gamification.orders.status')}
          allowClear
          placeholder={t('gamification.orders.anyStatus')}
          value={filters.status}
          onChange={(status) => filter({ status: idOf(status) })}
          options={ORDER_STATUSES.map((status) => ({
            value: status,
            label: t(`gamification.orderStatus.${ORDER_STATUS_KEYS[status]}`),
          }))}
          style={{ width: 160 }}
        />
        {choiceFilters.map(({ key, label, anyone, value, options }) => (
          <Select<number>
            key={key}
            aria-label={label}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={anyone}
            value={value}
            onChange={(id) => filter({ [key]: idOf(id) })}
            options={options?.map((choice) => ({ value: choice.id, label: choice.name }))}
            loading={choices.isPending}
            style={{ width: 200 }}
          />
        ))}
        {filters.student_id && (
          <Tag
            closable
            onClose={() => filter({ student: undefined })}
            closeIcon={<CloseOutlined aria-label={t('gamification.orders.allStudents')} />}
          >
            {t('gamification.orders.studentFilter', { name: studentName })}
          </Tag>
        )}
      </Flex>
      <PagedTable<Order>
        list={list}
        columns={columns}
        page={filters.page}
        onPage={(page) => patch({ page: String(page) })}
        empty={<Empty description={t(filtered ? 'gamification.orders.emptyFiltered' : 'gamification.orders.empty')} />}
      />
      {confirming && <ConfirmOrderModal order={confirming} onClose={() => setConfirming(null)} />}
    </Flex>
  );
}
