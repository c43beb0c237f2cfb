import { PlusOutlined } from '@ant-design/icons';
import { PRODUCT_STATUS_KEYS, PRODUCT_STATUSES, type Product, type ProductStatusId } from '@crm/contracts';
import { Button, Empty, Flex, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { VisuallyHidden } from '../../shared/ui/visually-hidden';
import { useSearchPatch } from '../../shared/url/use-search-patch';
import { positiveParam } from './address-filters';
import { Coins, ProductStatusTag, ProductThumb } from './coin-format';
import { useProducts } from './gamification-api';
import { ProductActions } from './product-actions';
import { ProductFormModal, type ProductTarget } from './product-form-modal';
import { PagedTable } from './query-gate';

interface ProductFilters {
  status?: ProductStatusId;
  branch_id?: number;
  search?: string;
  page: number;
}

/** The filters as the address keeps them (?status=&branch=&search=&page=), so a link shows the same list. */
function filtersOf(params: URLSearchParams): ProductFilters {
  const status = positiveParam(params, 'status');
  return {
    status: PRODUCT_STATUSES.find((known) => known === status),
    branch_id: positiveParam(params, 'branch'),
    search: params.get('search')?.trim() || undefined,
    page: positiveParam(params, 'page') ?? 1,
  };
}

/** Spec §2 gamification/shop-panel: the products of the caller's branches and of every branch. */
export function ProductList() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, patch] = useSearchPatch();
  const filters = filtersOf(params);
  const list = useProducts(filters);
  const [target, setTarget] = useState<ProductTarget | null>(null);
  const canCreate = list.data?.policies.create ?? false;
  const filtered = Boolean(filters.status || filters.branch_id || filters.search);
  // A new filter starts again at page one.
  const filter = (changes: Record<string, string | undefined>) => patch({ ...changes, page: undefined });

  const columns: ColumnsType<Product> = [
    {
      key: 'name',
      title: t('gamification.products.name'),
      render: (_, product) => (
        <Flex gap={12} align="center" style={{ minWidth: 200 }}>
          <ProductThumb photo={product.photo} name={product.name} size={40} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong>{product.name}</Typography.Text>
            {product.description && (
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280, fontSize: 12 }}>
                {product.description}
              </Typography.Text>
            )}
          </Flex>
        </Flex>
      ),
    },
    { key: 'price', title: t('gamification.products.price'), render: (_, product) => <Coins amount={product.price} /> },
    {
      key: 'stock',
      title: t('gamification.products.stock'),
      render: (_, product) => (product.stock === null ? t('gamification.products.unlimited') : product.stock),
    },
    {
      key: 'status',
      title: t('gamification.products.status'),
      render: (_, product) => <ProductStatusTag status={product.status} />,
    },
    {
      key: 'branch',
      title: t('gamification.products.branch'),
      render: (_, product) => product.branch?.name ?? t('gamification.allBranches'),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
      render: (_, product) => <ProductActions product={product} onEdit={() => setTarget({ mode: 'edit', product })} />,
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} align="center">
        <Select<ProductStatusId>
          aria-label={t('gamification.products.status')}
          allowClear
          placeholder={t('gamification.products.notArchived')}
          value={filters.status}
          onChange={(status) => filter({ status: status ? String(status) : undefined })}
          options={PRODUCT_STATUSES.map((status) => ({
            value: status,
            label: t(`gamification.productStatus.${PRODUCT_STATUS_KEYS[status]}`),
          }))}
          style={{ width: 170 }}
        />
        <Select<number>
          aria-label={t('gamification.products.branch')}
          allowClear
          placeholder={t('gamification.products.anyBranch')}
          value={filters.branch_id}
          onChange={(branch) => filter({ branch: branch ? String(branch) : undefined })}
          options={(user?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
          style={{ width: 170 }}
        />
        <Input.Search
          key={filters.search ?? ''}
          aria-label={t('gamification.products.search')}
          placeholder={t('gamification.products.search')}
          allowClear
          defaultValue={filters.search}
          onSearch={(search) => filter({ search: search.trim() })}
          style={{ width: 240, maxWidth: '100%' }}
        />
        {canCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setTarget({ mode: 'create' })}
            style={{ marginInlineStart: 'auto' }}
          >
            {t('gamification.products.add')}
          </Button>
        )}
      </Flex>
      <PagedTable<Product>
        list={list}
        columns={columns}
        page={filters.page}
        onPage={(page) => patch({ page: String(page) })}
        empty={
          <Empty description={t(filtered ? 'gamification.products.emptyFiltered' : 'gamification.products.empty')} />
        }
      />
      {target && <ProductFormModal target={target} onClose={() => setTarget(null)} />}
    </Flex>
  );
}
