import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_STATUS_KEYS,
  PRODUCT_STATUSES,
  PRODUCT_STOCK_MAX,
  type Product,
  type ProductInput,
  ProductStatus,
  type ProductStatusId,
  productInputSchema,
} from '@crm/contracts';
import { Flex, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { schemaRule, showFieldErrors } from '../../shared/forms/field-rules';
import { useSession } from '../../shared/session/use-session';
import { useSave } from '../groups/use-dialog-save';
import { useProductWrites } from './gamification-api';
import { ProductPhotoField } from './product-photo-field';

/** 0 in the branch select: every branch (a select's value cannot be null). */
const ALL_BRANCHES = 0;

interface ProductFormValues {
  name: string;
  description: string;
  photo: string | null;
  price: number | null;
  stock: number | null;
  status: ProductStatusId;
  branch_id: number;
}

const FIELDS = ['name', 'description', 'photo', 'price', 'stock', 'status'] as const;

/** A product as the PUT and POST take it, from the form or from a product (to archive it). */
export const productInputOf = (values: ProductFormValues): ProductInput => ({
  name: values.name.trim(),
  description: values.description?.trim() ?? '',
  photo: values.photo ?? null,
  price: values.price ?? 0,
  stock: values.stock ?? null,
  status: values.status,
  branch_id: values.branch_id === ALL_BRANCHES ? null : values.branch_id,
});

export const valuesOfProduct = (product: Product): ProductFormValues => ({
  name: product.name,
  description: product.description,
  photo: product.photo,
  price: product.price,
  stock: product.stock,
  status: product.status as ProductStatusId,
  branch_id: product.branch?.id ?? ALL_BRANCHES,
});

/** What the modal edits: a new product, or one of the list. */
export type ProductTarget = { mode: 'create' } | { mode: 'edit'; product: Product };

/**
 * Spec §2 gamification/shop-panel: a product's editor. The browser checks what the contracts' schema checks; the
 * server's field problems are put under their fields (a branch he may not leave empty among them), other refusals
 * are said in a toast (spec §8 "product create, edit, delete errors").
 */
export function ProductFormModal({ target, onClose }: { target: ProductTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const { user, branch } = useSession();
  const [form] = Form.useForm<ProductFormValues>();
  const { save } = useProductWrites();
  const run = useSave(onClose);
  const editing = target.mode === 'edit' ? target.product : null;
  const initial: ProductFormValues = editing
    ? valuesOfProduct(editing)
    : {
        name: '',
        description: '',
        photo: null,
        price: null,
        stock: null,
        status: ProductStatus.available,
        branch_id: branch ?? ALL_BRANCHES,
      };
  const branches = [...(user?.branches ?? [])];
  const known = editing?.branch;
  if (known && !branches.some((b) => b.id === known.id)) branches.push(known);

  const submit = (values: ProductFormValues) =>
    run(
      () => save.mutateAsync({ id: editing?.id ?? null, body: productInputOf(values) }),
      t(editing ? 'gamification.products.saved' : 'gamification.products.created'),
      (error) => {
        if (error.code === 'branch_forbidden') {
          form.setFields([{ name: 'branch_id', errors: [errorMessage(t, error)] }]);
          return true;
        }
        const onBranch = error.fieldErrors.some((problem) => problem.field === 'branch_id');
        if (onBranch) form.setFields([{ name: 'branch_id', errors: [t('gamification.products.branchRequired')] }]);
        return showFieldErrors(t, form, FIELDS, error) || onBranch;
      },
    );

  return (
    <Modal
      open
      title={editing ? t('gamification.products.editTitle', { name: editing.name }) : t('gamification.products.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} scrollToFirstError>
        <Form.Item
          name="name"
          label={t('gamification.products.name')}
          rules={[schemaRule(t, productInputSchema.shape.name)]}
        >
          <Input maxLength={PRODUCT_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('gamification.products.description')}
          rules={[schemaRule(t, productInputSchema.shape.description)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={PRODUCT_DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item name="photo" label={t('gamification.products.photo')}>
          <ProductPhotoField />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="price"
            label={t('gamification.products.price')}
            rules={[schemaRule(t, productInputSchema.shape.price)]}
            style={{ flex: '1 1 150px' }}
          >
            <InputNumber min={1} max={PRODUCT_PRICE_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="stock"
            label={t('gamification.products.stock')}
            extra={t('gamification.products.stockHelp')}
            rules={[schemaRule(t, productInputSchema.shape.stock)]}
            style={{ flex: '1 1 150px' }}
          >
            <InputNumber
              min={0}
              max={PRODUCT_STOCK_MAX}
              precision={0}
              placeholder={t('gamification.products.unlimited')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item name="status" label={t('gamification.products.status')} style={{ flex: '1 1 150px' }}>
            <Select
              options={PRODUCT_STATUSES.map((status) => ({
                value: status,
                label: t(`gamification.productStatus.${PRODUCT_STATUS_KEYS[status]}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="branch_id" label={t('gamification.products.branch')} style={{ flex: '1 1 150px' }}>
            <Select
              options={[
                { value: ALL_BRANCHES, label: t('gamification.allBranches') },
                ...branches.map((b) => ({ value: b.id, label: b.name })),
              ]}
            />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}
