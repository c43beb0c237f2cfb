import { CaretRightOutlined, PauseOutlined, PhoneOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import { EXTENSION } from '@crm/contracts';
import { Button, Card, Flex, Grid, Input, Space, Tag, Typography } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallerCard } from './caller-card';
import type { Phone } from './phone-context';
import { readableNumber } from './phone-numbers';

// Above the support chat's bubble (bottom right), clear of the page's own buttons on a 390 px phone.
const DOCK: CSSProperties = { position: 'fixed', insetInlineEnd: 16, bottom: 96, zIndex: 1000 };
// A call in progress must stay reachable: the task reminders stack up at the bottom right until read, so the call
// card sits at the bottom left on a wide screen (over the menu's foot), and under the header on a phone.
const CALL_DOCK: CSSProperties = { position: 'fixed', insetInlineStart: 16, bottom: 16, zIndex: 1010 };
const CALL_DOCK_NARROW: CSSProperties = { position: 'fixed', insetInlineStart: 16, top: 72, zIndex: 1010 };

const STATE_COLOR = { calling: 'processing', ringing: 'warning', speaking: 'success' } as const;

/**
 * Spec §2 call widget: floating over every page of the shell. Idle, a phone button opening the call modal; during a
 * call, its state (spec §4), the other party's number and who he is, and answer, hold and hang up.
 */
export function CallWidget({ phone }: { phone: Phone }) {
  const { t } = useTranslation();
  const { snapshot } = phone;
  const wide = Grid.useBreakpoint().md;
  if (snapshot.state === 'idle' || snapshot.number === null)
    return (
      <div style={DOCK}>
        <Button
          type="primary"
          shape="circle"
          size="large"
          icon={<PhoneOutlined />}
          aria-label={t('telephony.widget.openDialer')}
          onClick={() => phone.openDialer()}
        />
      </div>
    );

  const { state } = snapshot;
  return (
    <section
      aria-label={t('telephony.widget.region')}
      style={{ ...(wide ? CALL_DOCK : CALL_DOCK_NARROW), width: 'min(320px, calc(100vw - 32px))' }}
    >
      <Card size="small" styles={{ body: { padding: 12 } }} style={{ boxShadow: '0 6px 16px rgba(0, 0, 0, 0.16)' }}>
        <Flex vertical gap={8}>
          <Flex justify="space-between" align="center" gap={8}>
            <Tag color={STATE_COLOR[state]} style={{ marginInlineEnd: 0 }}>
              {t(`telephony.states.${state}`)}
            </Tag>
            {snapshot.held && <Tag color="default">{t('telephony.widget.onHold')}</Tag>}
          </Flex>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {readableNumber(snapshot.number, phone.country)}
          </Typography.Text>
          <CallerCard number={snapshot.number} country={phone.country} />
          <Flex gap={8} wrap>
            {state === 'ringing' && (
              <Button
                type="primary"
                icon={<PhoneOutlined />}
                aria-label={t('telephony.widget.answer')}
                onClick={phone.answer}
                style={{ flex: 1 }}
              >
                {t('telephony.widget.answer')}
              </Button>
            )}
            {state === 'speaking' && (
              <Button
                icon={snapshot.held ? <CaretRightOutlined /> : <PauseOutlined />}
                aria-label={t(snapshot.held ? 'telephony.widget.resume' : 'telephony.widget.hold')}
                onClick={phone.hold}
                style={{ flex: 1 }}
              >
                {t(snapshot.held ? 'telephony.widget.resume' : 'telephony.widget.hold')}
              </Button>
            )}
            <Button
              danger
              type="primary"
              icon={<StopOutlined />}
              aria-label={t('telephony.widget.hangUp')}
              onClick={phone.hangup}
              style={{ flex: 1 }}
            >
              {t('telephony.widget.hangUp')}
            </Button>
          </Flex>
          {state === 'speaking' && <TransferBox onTransfer={phone.transfer} />}
        </Flex>
      </Card>
    </section>
  );
}

/** Passes the call to a colleague's extension (POST /call/transfer). */
function TransferBox({ onTransfer }: { onTransfer: (extension: string) => void }) {
  const { t } = useTranslation();
  const [extension, setExtension] = useState('');
  const valid = EXTENSION.test(extension);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={extension}
        onChange={(event) => setExtension(event.target.value.replace(/\D/g, '').slice(0, 8))}
        placeholder={t('telephony.widget.extension')}
        aria-label={t('telephony.widget.extension')}
        inputMode="numeric"
      />
      <Button icon={<SwapOutlined />} disabled={!valid} onClick={() => onTransfer(extension)}>
        {t('telephony.widget.transfer')}
      </Button>
    </Space.Compact>
  );
}
