import { type MyOrder, OrderStatus, type StudentShop } from '@crm/contracts';
import { Card, Col, Empty, Flex, Row, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { CoinBalance } from './coin-format';
import { CoinAccountView } from './coin-history';
import { useShopOrders, useStudentShop } from './gamification-api';
import { MyOrders, PlacedOrderModal } from './my-orders';
import { QueryGate } from './query-gate';
import { ShopProductCard } from './shop-product-card';

/**
 * The student's own shop (issue 21, phone first): his coins at the top, the products he may order (those he can
 * take now marked), his orders with their codes, and where his coins came from.
 */
export function ShopPage() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('gamification.shop.title')}
      </Typography.Title>
      <QueryGate query={useStudentShop()} loading={t('gamification.shop.loading')} rows={8}>
        {(shop) => <Shop shop={shop} />}
      </QueryGate>
    </Flex>
  );
}

function Shop({ shop }: { shop: StudentShop }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const studentId = user?.id ?? 0;
  const { place, cancel } = useShopOrders(studentId);
  const [placed, setPlaced] = useState<MyOrder | null>(null);
  const [tab, setTab] = useState('products');
  const { balance, reserved, products, orders } = shop;
  const pending = orders.filter((order) => order.status === OrderStatus.pending).length;
  return (
    <>
      <Card size="small">
        <CoinBalance balance={balance} reserved={reserved} />
      </Card>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'products',
            label: t('gamification.shop.products'),
            children:
              products.length === 0 ? (
                <Empty description={t('gamification.shop.noProducts')} />
              ) : (
                <Row gutter={[12, 12]}>
                  {products.map((product) => (
                    <Col key={product.id} xs={24} sm={12} xl={8}>
                      <ShopProductCard
                        product={product}
                        balance={balance}
                        onOrder={(chosen) => place.mutateAsync(chosen.id)}
                        onOrdered={(order) => {
                          setPlaced(order);
                          setTab('orders');
                        }}
                      />
                    </Col>
                  ))}
                </Row>
              ),
          },
          {
            key: 'orders',
            label: pending ? t('gamification.shop.ordersPending', { count: pending }) : t('gamification.shop.orders'),
            children: <MyOrders orders={orders} onCancel={(id) => cancel.mutateAsync(id)} />,
          },
          {
            key: 'history',
            label: t('gamification.shop.history'),
            children: <CoinAccountView studentId={studentId} />,
          },
        ]}
      />
      {placed && <PlacedOrderModal order={placed} onClose={() => setPlaced(null)} />}
    </>
  );
}
