import { BookOutlined, CalendarOutlined, PhoneOutlined, ShareAltOutlined, UserOutlined } from '@ant-design/icons';
import type { Lead } from '@crm/contracts';
import { Button, Flex, Tag, Typography, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneText } from '../../../shared/format/phone';
import { dateText } from '../../groups/dates';
import { CallButton } from '../../telephony/call-button';
import { leadSourceName } from '../lead-options-api';

const line: CSSProperties = { fontSize: 13 };

/** Spec §2 lead card: name, phone, course, source, responsible admin, tags and the day it came. */
export function LeadCardBody({
  lead,
  country,
  menu,
  onOpen,
}: {
  lead: Lead;
  country: string;
  menu?: ReactNode;
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2}>
      <Flex justify="space-between" align="start" gap={4}>
        {onOpen ? (
          <Button
            type="link"
            onClick={onOpen}
            aria-label={t('leads.card.openLabel', { name: lead.name })}
            style={{ padding: 0, height: 'auto', fontWeight: 600, whiteSpace: 'normal', textAlign: 'start' }}
          >
            {lead.name}
          </Button>
        ) : (
          <Typography.Text strong>{lead.name}</Typography.Text>
        )}
        {menu}
      </Flex>
      <Flex align="center" gap={6}>
        <Typography.Text style={line}>
          <PhoneOutlined aria-hidden /> {phoneText(lead.phone, country)}
        </Typography.Text>
        <CallButton phone={lead.phone} />
      </Flex>
      {lead.course && (
        <Typography.Text style={line} ellipsis>
          <BookOutlined aria-label={t('leads.fields.course')} /> {lead.course}
        </Typography.Text>
      )}
      {lead.source && (
        <Typography.Text type="secondary" style={line} ellipsis>
          <ShareAltOutlined aria-label={t('leads.fields.source')} /> {leadSourceName(t, lead.source)}
        </Typography.Text>
      )}
      {lead.admin && (
        <Typography.Text type="secondary" style={line} ellipsis>
          <UserOutlined aria-label={t('leads.fields.admin')} /> {lead.admin.name}
        </Typography.Text>
      )}
      {lead.tags.length > 0 && (
        <Flex wrap gap={4}>
          {lead.tags.map((tag) => (
            <Tag key={tag.id} color={tag.color ?? undefined} style={{ marginInlineEnd: 0 }}>
              {tag.name}
            </Tag>
          ))}
        </Flex>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <CalendarOutlined aria-label={t('leads.fields.created')} /> {dateText(lead.created_at)}
      </Typography.Text>
    </Flex>
  );
}

/** The look every board card shares (sortable, filtered or dragged). */
export function useCardStyle(): CSSProperties {
  const { token } = theme.useToken();
  return {
    background: token.colorBgContainer,
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    padding: '8px 10px',
  };
}
