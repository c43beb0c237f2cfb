import { Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchPatch } from '../../shared/url/use-search-patch';
import { CoinRulesCard } from './coin-rules-card';
import { ProductList } from './product-list';

const RULES_TAB = 'rules';

/**
 * Spec §2 gamification/shop-panel: the shop's products, and on a second tab the coin rules (issue 21). The tab is
 * kept in the address (?tab=rules), so a link or a reload opens the same one.
 */
export function ShopPanelPage() {
  const { t } = useTranslation();
  const [params, patch] = useSearchPatch();
  const tab = params.get('tab') === RULES_TAB ? RULES_TAB : 'products';
  return (
    <Flex vertical gap={8} style={{ maxWidth: 1200 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('gamification.panel.title')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        // The products' filters belong to their tab: the rules' tab starts without them.
        onChange={(key) =>
          patch({
            tab: key === RULES_TAB ? RULES_TAB : undefined,
            status: undefined,
            branch: undefined,
            search: undefined,
            page: undefined,
          })
        }
        destroyOnHidden
        items={[
          { key: 'products', label: t('gamification.panel.products'), children: <ProductList /> },
          { key: RULES_TAB, label: t('gamification.panel.rules'), children: <CoinRulesCard /> },
        ]}
      />
    </Flex>
  );
}
