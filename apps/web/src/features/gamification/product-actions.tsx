import { DeleteOutlined, EditOutlined, InboxOutlined } from '@ant-design/icons';
import { type Product, ProductStatus } from '@crm/contracts';
import { App, Button, Flex, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useProductWrites } from './gamification-api';
import { productInputOf, valuesOfProduct } from './product-form-modal';

/**
 * A product row's actions, as its policies allow: edit; delete a product never ordered; archive (a change of
 * status) one that was — its orders keep it (issue 21). Refusals are said in a toast (spec §8).
 */
export function ProductActions({ product, onEdit }: { product: Product; onEdit: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { save, remove } = useProductWrites();
  const { edit, delete: mayDelete } = product.policies;
  const failed = (error: unknown) => {
    if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
  };
  const archive = () =>
    save
      .mutateAsync({
        id: product.id,
        body: productInputOf({ ...valuesOfProduct(product), status: ProductStatus.archive }),
      })
      .then(() => void message.success(t('gamification.products.archived')), failed);
  const drop = () =>
    remove.mutateAsync(product.id).then(() => void message.success(t('gamification.products.deleted')), failed);
  const archivable = edit && !mayDelete && product.status !== ProductStatus.archive;

  return (
    <Flex gap={4} justify="flex-end">
      {edit && (
        <Tooltip title={t('gamification.products.edit')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={t('gamification.products.editTitle', { name: product.name })}
            onClick={onEdit}
          />
        </Tooltip>
      )}
      {mayDelete && (
        <Popconfirm
          title={t('gamification.products.deleteQuestion', { name: product.name })}
          description={t('gamification.products.deleteWarning')}
          okText={t('common.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={drop}
        >
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('gamification.products.deleteOf', { name: product.name })}
          />
        </Popconfirm>
      )}
      {archivable && (
        <Popconfirm
          title={t('gamification.products.archiveQuestion', { name: product.name })}
          description={t('gamification.products.archiveWhy')}
          okText={t('gamification.products.archive')}
          cancelText={t('common.cancel')}
          onConfirm={archive}
        >
          <Tooltip title={t('gamification.products.archiveWhy')}>
            <Button
              type="text"
              icon={<InboxOutlined />}
              aria-label={t('gamification.products.archiveOf', { name: product.name })}
            />
          </Tooltip>
        </Popconfirm>
      )}
    </Flex>
  );
}
