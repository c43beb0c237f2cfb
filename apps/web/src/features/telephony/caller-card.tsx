import { UserAddOutlined } from '@ant-design/icons';
import { normalizePhone, onlyDigits } from '@crm/contracts';
import { Flex, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../shared/session/use-session';
import { newLeadPath, searchItemPath } from './phone-numbers';
import { useLeadsByPhone, usePhoneSearch } from './telephony-api';

interface Named {
  key: string;
  name: string;
  to: string;
  tag: string;
}

/**
 * Who is on the line (spec §2 call widget): the people GET /phone_search names for the number — each name opening
 * his profile /{role}s/profile/{id} — else the branch's leads with it, opening the lead board; when nobody has it,
 * a way to make the caller a lead.
 */
export function CallerCard({ number, country }: { number: string; country: string }) {
  const { t } = useTranslation();
  const { branch } = useSession();
  const people = usePhoneSearch(onlyDigits(number) || null);
  const nobody = people.isFetched && (people.data ?? []).length === 0;
  const leads = useLeadsByPhone(normalizePhone(number, country), branch, nobody);
  const waiting = (query: { isPending: boolean; fetchStatus: string }) =>
    query.isPending && query.fetchStatus !== 'idle';
  if (waiting(people) || waiting(leads)) return <Skeleton.Input active size="small" block />;

  const named: Named[] = [
    ...(people.data ?? []).map((person) => ({
      key: `person-${person.id}`,
      name: person.name,
      to: searchItemPath(person),
      tag: t(`roles.${person.role}`),
    })),
    ...(nobody ? (leads.data ?? []) : []).map((lead) => ({
      key: `lead-${lead.id}`,
      name: lead.name,
      to: '/leads',
      tag: t('telephony.match.lead'),
    })),
  ];
  if (named.length === 0)
    return (
      <Link to={newLeadPath(number, country)}>
        <UserAddOutlined /> {t('telephony.widget.createLead')}
      </Link>
    );
  return (
    <Flex vertical gap={4}>
      {named.slice(0, 3).map((one) => (
        <Flex key={one.key} gap={6} align="center" wrap>
          <Link to={one.to} style={{ fontWeight: 600 }}>
            {one.name}
          </Link>
          <Tag style={{ marginInlineEnd: 0 }}>{one.tag}</Tag>
        </Flex>
      ))}
    </Flex>
  );
}
