import { CheckCircleFilled, ShoppingCartOutlined } from '@ant-design/icons';
import type { MyOrder, ShopProduct } from '@crm/contracts';
import { App, Button, Card, Flex, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { Coins, ProductThumb } from './coin-format';

interface ShopProductCardProps {
  product: ShopProduct;
  balance: number;
  /** Places the order (rejects with the server's refusal). */
  onOrder: (product: ShopProduct) => Promise<MyOrder>;
  onOrdered: (order: MyOrder) => void;
}

/**
 * A product in the student's shop. One he can take now is marked and offers ordering (after a question); another
 * says why not — too few coins (and how many more), or none left — as the server answered it.
 */
export function ShopProductCard({ product, balance, onOrder, onOrdered }: ShopProductCardProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message, modal } = App.useApp();
  const ready = product.affordable && product.in_stock;
  const why = !product.in_stock
    ? t('gamification.shop.outOfStock')
    : t('gamification.shop.needMore', { count: Math.max(0, product.price - balance) });

  const order = () =>
    modal.confirm({
      title: t('gamification.shop.orderQuestion', { name: product.name }),
      content: t('gamification.shop.orderNote', { price: product.price }),
      okText: t('gamification.shop.order'),
      cancelText: t('common.cancel'),
      onOk: () =>
        onOrder(product).then(onOrdered, (error: unknown) => {
          if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
        }),
    });

  return (
    <Card
      style={{ height: '100%', borderColor: ready ? token.colorSuccessBorder : undefined }}
      styles={{ body: { height: '100%' } }}
    >
      <Flex vertical gap={12} style={{ height: '100%' }}>
        <Flex gap={12} align="flex-start">
          <ProductThumb photo={product.photo} name={product.name} size={88} />
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
              {product.name}
            </Typography.Title>
            <Typography.Text strong style={{ fontSize: 16 }}>
              <Coins amount={product.price} />
            </Typography.Text>
            {ready ? (
              <Tag color="success" icon={<CheckCircleFilled />} style={{ alignSelf: 'flex-start' }}>
                {t('gamification.shop.canOrder')}
              </Tag>
            ) : (
              <Typography.Text type="secondary">{why}</Typography.Text>
            )}
          </Flex>
        </Flex>
        {product.description && (
          <Typography.Paragraph
            type="secondary"
            ellipsis={{ rows: 3, expandable: 'collapsible' }}
            style={{ margin: 0, whiteSpace: 'pre-wrap' }}
          >
            {product.description}
          </Typography.Paragraph>
        )}
        <Button
          type="primary"
          block
          icon={<ShoppingCartOutlined />}
          disabled={!ready}
          onClick={order}
          aria-label={t('gamification.shop.orderOf', { name: product.name })}
          style={{ marginTop: 'auto' }}
        >
          {t('gamification.shop.order')}
        </Button>
      </Flex>
    </Card>
  );
}
