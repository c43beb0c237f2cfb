import { EXAM_STATES, type ExamState, type Roadmap } from '@crm/contracts';
import { Alert, DatePicker, Flex, Grid, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { companyTodayDayjs } from '../../shared/session/company-today';
import { useSession } from '../../shared/session/use-session';
import { useSearchPatch } from '../../shared/url/use-search-patch';
import { dayjs } from '../groups/dates';
import { useRoadmap } from './exams-api';
import { RoadmapList } from './roadmap-list';

const ISO = 'YYYY-MM-DD';
type StateFilter = ExamState | 'all';

/** The roadmap opens on last month, this month and next: the exams just past, now and ahead. */
function defaultPeriod() {
  const today = companyTodayDayjs();
  return {
    from: today.subtract(1, 'month').startOf('month').format(ISO),
    till: today.add(1, 'month').endOf('month').format(ISO),
  };
}

const isDay = (value: string | null): value is string => value !== null && dayjs(value, ISO, true).isValid();

/** The filters kept in the address (?from=…&till=…&state=…), so a link or a reload shows the same roadmap. */
function filtersOf(params: URLSearchParams): { from: string; till: string; state: StateFilter } {
  const from = params.get('from');
  const till = params.get('till');
  const state = params.get('state');
  const period = isDay(from) && isDay(till) && from <= till ? { from, till } : defaultPeriod();
  return { ...period, state: (EXAM_STATES as readonly string[]).includes(state ?? '') ? (state as ExamState) : 'all' };
}

/** Spec §2 roadmap (admin set): the exams of the current branch's groups in a period, due, done and overdue. */
export function RoadmapPage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchRoadmap key={branch} branchId={branch} />;
}

function StateCounts({ value, totals, onChange }: StateCountsProps) {
  const { t } = useTranslation();
  const count = (state: StateFilter) =>
    totals ? (state === 'all' ? totals.due + totals.done + totals.overdue : totals[state]) : null;
  const label = (state: StateFilter) => (
    <span>
      {t(state === 'all' ? 'exams.roadmap.all' : `exams.state.${state}`)}
      {count(state) !== null && <Typography.Text type="secondary"> {count(state)}</Typography.Text>}
    </span>
  );
  return (
    <Segmented<StateFilter>
      aria-label={t('exams.roadmap.state')}
      value={value}
      onChange={onChange}
      options={(['all', ...EXAM_STATES] as StateFilter[]).map((state) => ({ value: state, label: label(state) }))}
      style={{ maxWidth: '100%', overflowX: 'auto' }}
    />
  );
}

interface StateCountsProps {
  value: StateFilter;
  totals: Roadmap['totals'] | undefined;
  onChange: (state: StateFilter) => void;
}

function BranchRoadmap({ branchId }: { branchId: number }) {
  const { t } = useTranslation();
  const narrow = !Grid.useBreakpoint().md;
  // Each change replaces the address rather than adding a step: Back leaves the roadmap, not the last filter.
  const [params, change] = useSearchPatch();
  const filters = filtersOf(params);
  const roadmap = useRoadmap({
    branch_id: branchId,
    from: filters.from,
    till: filters.till,
    state: filters.state === 'all' ? undefined : filters.state,
  });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('nav.roadmap')}
      </Typography.Title>
      <Flex wrap gap={8} align="center">
        <DatePicker.RangePicker
          aria-label={t('exams.roadmap.period')}
          allowClear={false}
          inputReadOnly
          format="DD.MM.YYYY"
          value={[dayjs(filters.from), dayjs(filters.till)]}
          onChange={(range) =>
            range?.[0] && range[1] && change({ from: range[0].format(ISO), till: range[1].format(ISO) })
          }
          style={{ width: 260, maxWidth: '100%' }}
        />
        <StateCounts
          value={filters.state}
          totals={roadmap.data?.totals}
          onChange={(state) => change({ state: state === 'all' ? undefined : state })}
        />
      </Flex>
      {roadmap.isError ? (
        !isHandledGlobally(roadmap.error) && <Alert type="error" showIcon title={errorMessage(t, roadmap.error)} />
      ) : (
        <RoadmapList
          exams={roadmap.data?.data}
          pending={roadmap.isPending || roadmap.isPlaceholderData}
          narrow={narrow}
        />
      )}
    </Flex>
  );
}
