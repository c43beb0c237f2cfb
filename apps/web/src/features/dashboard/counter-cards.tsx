import type { Dashboard, DashboardQuery } from '@crm/contracts';
import { StudentStatus } from '@crm/contracts';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, useCurrency } from '../courses/money';

interface Counter {
  key: string;
  value: number | string;
  /** Where a click takes the user: the list the figure counts; null when his role may not open it. */
  to: string | null;
  note?: ReactNode;
  danger?: boolean;
}

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(name, `${value}`);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

/** The counters of spec §2 dashboard, each opening its list with the same filter. */
function countersOf(d: Dashboard, filters: DashboardQuery, money: (amount: number) => string): Counter[] {
  const p = d.policies;
  const groups = (status: number) =>
    p.open_groups
      ? withQuery('/groups/list', {
          status,
          course_id: filters.course_id,
          teacher_id: filters.teacher_id,
          day_type: filters.day_type,
        })
      : null;
  const students = (statuses?: string) =>
    p.open_students ? withQuery('/students/list', { statuses, course: filters.course_id }) : null;
  const counters: Counter[] = [
    { key: 'activeGroups', value: d.groups.active, to: groups(2) },
    { key: 'selectionGroups', value: d.groups.selection, to: groups(1) },
    { key: 'allStudents', value: d.students.all, to: students() },
    { key: 'activeStudents', value: d.students.active, to: students(`${StudentStatus.active}`) },
    {
      key: 'trialStudents',
      value: d.students.trial,
      to: students(`${StudentStatus.inactive},${StudentStatus.cameToTrial}`),
    },
    { key: 'frozenStudents', value: d.students.frozen, to: students(`${StudentStatus.frozen}`) },
  ];
  if (d.leads) {
    const to = p.open_leads ? '/leads' : null;
    counters.push(
      { key: 'newLeads', value: d.leads.new_this_month, to },
      { key: 'leadsInWork', value: d.leads.in_work, to },
    );
  }
  if (d.debtors) {
    counters.push({
      key: 'debtors',
      value: d.debtors.count,
      to: p.open_debtors ? '/students/debtors' : null,
      note: d.debtors.total_debt === null ? undefined : money(Math.abs(d.debtors.total_debt)),
      danger: d.debtors.count > 0,
    });
  }
  counters.push({
    key: 'leftThisMonth',
    value: d.left_this_month,
    to: p.open_left_students ? '/left-students' : null,
  });
  if (d.attendance.percent !== null) counters.push({ key: 'attendance', value: `${d.attendance.percent}%`, to: null });
  return counters;
}

/** A figure that opens its list: the whole card is the link. */
export function CounterCards({ dashboard, filters }: { dashboard: Dashboard; filters: DashboardQuery }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const counters = countersOf(dashboard, filters, (amount) => formatMoney(amount, currency));
  return (
    <Row gutter={[12, 12]}>
      {counters.map((counter) => {
        const label = t(`dashboard.counters.${counter.key}`);
        const card = (
          <Card size="small" hoverable={counter.to !== null} style={{ height: '100%' }}>
            <Statistic
              title={label}
              value={counter.value}
              valueStyle={counter.danger ? { color: 'var(--ant-color-error)' } : undefined}
            />
            {counter.note && <Typography.Text type="danger">{counter.note}</Typography.Text>}
          </Card>
        );
        return (
          <Col key={counter.key} xs={12} sm={8} lg={6} xl={4} data-testid={`counter-${counter.key}`}>
            {counter.to ? (
              // The card's own words (label and figure) name the link: WCAG 2.5.3, a name holds what it shows.
              <Link to={counter.to}>{card}</Link>
            ) : (
              card
            )}
          </Col>
        );
      })}
    </Row>
  );
}
