import { ShoppingOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Coins } from './coin-format';
import { useCoinAccount, useGamificationOn } from './gamification-api';

export const SHOP_PATH = '/shop';

/** A student's own profile: his coin balance and the way to his shop, while gamification is on (issue 21). */
export function OwnCoinsLink({ studentId }: { studentId: number }) {
  const on = useGamificationOn();
  return on ? <CoinsLine studentId={studentId} /> : null;
}

function CoinsLine({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const account = useCoinAccount(studentId, 1);
  return (
    <Space wrap size={[12, 4]}>
      {account.data && (
        <Typography.Text strong>
          {t('gamification.balance')}: <Coins amount={account.data.balance} />
        </Typography.Text>
      )}
      <Link to={SHOP_PATH}>
        <ShoppingOutlined /> {t('gamification.toShop')}
      </Link>
    </Space>
  );
}
