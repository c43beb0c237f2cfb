import { Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LicenceSettingsCard } from './licence-settings-card';
import { MerchantAccountsCard } from './merchant-accounts-card';

/** Licences (issue 17): the grace, the white-label hosts and invoice details; the platform's merchant accounts. */
export function ConsoleLicencesPage() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1400 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('console.nav.licences')}
      </Typography.Title>
      {/* Side by side on a wide screen, one under the other below it. */}
      <Row gutter={[16, 16]} align="top">
        <Col xs={24} xl={12}>
          <LicenceSettingsCard />
        </Col>
        <Col xs={24} xl={12}>
          <MerchantAccountsCard />
        </Col>
      </Row>
    </Flex>
  );
}
