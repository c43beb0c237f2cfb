import { SwapOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinBalance } from './coin-format';
import { CoinAccountView } from './coin-history';
import { useGamificationOn } from './gamification-api';
import { GiveCoinsModal } from './give-coins-modal';

/**
 * A student's coins in his profile (issue 21): balance, what pending orders hold, the history, and — where the
 * server allows this employee — giving or taking coins. Nothing while the company's gamification is off.
 */
export function StudentCoinsCard({ student }: { student: { id: number; name: string } }) {
  const { t } = useTranslation();
  const on = useGamificationOn();
  const [giving, setGiving] = useState(false);
  if (!on) return null;
  return (
    <>
      <CoinAccountView
        studentId={student.id}
        header={({ balance, reserved, policies }) => (
          <Flex justify="space-between" align="center" wrap gap={12}>
            <CoinBalance balance={balance} reserved={reserved} />
            {policies.give && (
              <Button icon={<SwapOutlined />} onClick={() => setGiving(true)}>
                {t('gamification.give.open')}
              </Button>
            )}
          </Flex>
        )}
      />
      {giving && <GiveCoinsModal student={student} onClose={() => setGiving(false)} />}
    </>
  );
}
