import { KeyOutlined, MessageOutlined } from '@ant-design/icons';
import type { StudentParent, UserProfile } from '@crm/contracts';
import { Flex, Tag, Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { phoneText } from '../../shared/format/phone';
import { useSession } from '../../shared/session/use-session';
import { PlainList } from '../../shared/ui/plain-list';
import { QueryGate } from '../gamification/query-gate';
import { WriteSmsButton } from '../sms/write-sms-button';
import { PhoneWithCall } from '../telephony/call-button';
import { PEOPLE_KINDS } from '../users/people-kinds';
import { useStudentParents } from './parents-api';

/** How the parent gets in: with his password, or (none set) only with a code by SMS to his phone. */
function LogInTag({ parent }: { parent: StudentParent }) {
  const { t } = useTranslation();
  return parent.has_password ? (
    <Tag icon={<KeyOutlined />}>{t('parents.staff.withPassword')}</Tag>
  ) : (
    <Tag icon={<MessageOutlined />} color="blue">
      {t('parents.staff.byCode')}
    </Tag>
  );
}

function ParentItem({ parent }: { parent: StudentParent }) {
  const { t } = useTranslation();
  const country = useSession().company?.datas.country ?? 'uz';
  const shown = phoneText(parent.phone, country);
  return (
    <Flex vertical gap={4} style={{ minWidth: 0 }}>
      <Flex gap={8} wrap align="center">
        <Typography.Text strong>{parent.name}</Typography.Text>
        <LogInTag parent={parent} />
      </Flex>
      <PhoneWithCall phone={parent.phone} text={<a href={`tel:${shown.replace(/\s/g, '')}`}>{shown}</a>} />
      {parent.other_children.length > 0 && (
        <Typography.Text type="secondary">
          {t('parents.staff.otherChildren')}{' '}
          {parent.other_children.map((child, index) => (
            <Fragment key={child.id}>
              {index > 0 && ', '}
              <Link to={PEOPLE_KINDS.student.profilePath(child.id)}>{child.name}</Link>
            </Fragment>
          ))}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The staff's Parents tab of a student's profile (issue 24): the parent accounts his parent phone links him to,
 * how each logs in, his brothers and sisters here, and an SMS to the parent (the student's SMS, sent to his
 * parent's phone) for whoever may write SMS.
 */
export function StudentParentsTab({ student }: { student: Pick<UserProfile, 'id' | 'name'> }) {
  const { t } = useTranslation();
  const parents = useStudentParents(student.id);
  return (
    <QueryGate query={parents} loading={t('parents.staff.loading')}>
      {({ data, policies }) => (
        <Flex vertical gap={8}>
          <PlainList
            items={data}
            keyOf={(parent) => parent.id}
            render={(parent) => <ParentItem parent={parent} />}
            empty={t('parents.staff.none')}
          />
          {data.length > 0 && policies.can_message && (
            <div>
              <WriteSmsButton
                audience={{ kind: 'students', student_ids: [student.id] }}
                audienceLabel={data.map((parent) => parent.name).join(', ')}
                to="parent"
              >
                {t('parents.staff.write')}
              </WriteSmsButton>
            </div>
          )}
        </Flex>
      )}
    </QueryGate>
  );
}
