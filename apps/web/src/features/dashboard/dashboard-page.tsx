import { DAY_TYPES, type DashboardQuery, Role } from '@crm/contracts';
import { Alert, Button, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { NearScreen } from '../../shared/ui/near-screen';
import { CounterCards } from './counter-cards';
import { useDashboard } from './dashboard-api';
import { type CardFilters, DashboardFilters } from './dashboard-filters';
import { LicenceNotice } from './licence-notice';
import { MoneyCard, MonthlyCard } from './money-cards';
import { TodayLessons } from './today-lessons';

// Below the counters (a phone shows those first): their code (tables, history wording) loads as they come near.
const FunnelCard = lazy(() => import('../lead-reports/lead-report-cards').then((m) => ({ default: m.FunnelCard })));
const SourcesCard = lazy(() => import('./sources-card').then((m) => ({ default: m.SourcesCard })));
const LogsCard = lazy(() => import('./logs-card').then((m) => ({ default: m.LogsCard })));

/** A card further down the page: drawn when near the screen, its place kept until then. */
function Later({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  return (
    <NearScreen minHeight={minHeight}>
      <Suspense fallback={<div style={{ minHeight }} />}>{children}</Suspense>
    </NearScreen>
  );
}

const positive = (value: string | null) => (Number(value) > 0 ? Number(value) : undefined);

/** The card filters live in the address, so a reload or a shared link shows the same figures. */
function useCardFilters(): [CardFilters, (next: CardFilters) => void] {
  const [params, setParams] = useSearchParams();
  const day = params.get('day_type');
  const filters = useMemo<CardFilters>(
    () => ({
      course_id: positive(params.get('course_id')),
      teacher_id: positive(params.get('teacher_id')),
      day_type: DAY_TYPES.find((known) => known === day),
    }),
    [params, day],
  );
  const setFilters = useCallback(
    (next: CardFilters) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(next)) if (value) search.set(name, String(value));
      setParams(search, { replace: true });
    },
    [setParams],
  );
  return [filters, setFilters];
}

/**
 * The home page (spec §2 dashboard/default): how the branch is doing, from one request — counters that open
 * their lists, the funnel and lead sources, money beside last month, twelve months of students and payments,
 * today's lessons, the latest history and the licence. A teacher sees his own groups' figures.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { role, branch } = useSession();
  const teacher = role === Role.teacher;
  const [filters, setFilters] = useCardFilters();
  const query: DashboardQuery = teacher ? {} : { branch_id: branch ?? undefined, ...filters };
  const dashboard = useDashboard(query, teacher || branch !== null);
  const d = dashboard.data;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('nav.dashboard')}
        </Typography.Title>
        {d?.filter_options && <DashboardFilters options={d.filter_options} value={filters} onChange={setFilters} />}
      </Flex>
      {d && <LicenceNotice licence={d.licence} />}
      {dashboard.isError && !isHandledGlobally(dashboard.error) && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(t, dashboard.error)}
          action={<Button onClick={() => void dashboard.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {!d && !dashboard.isError && <Skeleton active paragraph={{ rows: 6 }} />}
      {d && (
        <div style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1 }} aria-busy={dashboard.isFetching}>
          <Flex vertical gap={16}>
            <CounterCards dashboard={d} filters={filters} />
            <Row gutter={[16, 16]}>
              {d.funnel && (
                <Col xs={24} lg={12}>
                  <Later minHeight={400}>
                    <FunnelCard funnel={d.funnel} loading={false} />
                  </Later>
                </Col>
              )}
              {d.lead_sources && (
                <Col xs={24} lg={12}>
                  <Later minHeight={200}>
                    <SourcesCard sources={d.lead_sources} />
                  </Later>
                </Col>
              )}
              {d.money && (
                <Col xs={24} lg={8}>
                  <MoneyCard
                    money={d.money}
                    filtered={Boolean(filters.course_id || filters.teacher_id || filters.day_type)}
                  />
                </Col>
              )}
              <Col xs={24} lg={d.money ? 16 : 24}>
                <Later minHeight={330}>
                  <MonthlyCard months={d.monthly} />
                </Later>
              </Col>
            </Row>
          </Flex>
        </div>
      )}
      {/* After the figures: drawn beside the loading figures, it was pushed down when they came (a layout shift). */}
      {(d || !dashboard.isFetching) && <TodayLessons branchId={branch} teacher={teacher} />}
      {d?.logs && (
        <Later minHeight={300}>
          <LogsCard logs={d.logs} canOpenHistory={d.policies.open_history} />
        </Later>
      )}
    </Flex>
  );
}
