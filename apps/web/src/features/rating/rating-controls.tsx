import { RATING_SCOPES, type RatingScope } from '@crm/contracts';
import { DatePicker, Flex, Grid, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { monthLabel } from '../grades/month-label';
import { dayjs } from '../groups/dates';
import { useCourseOptions } from '../groups/groups-api';
import { useReportGroupOptions } from '../reports/reports-api';
import type { RatingState } from './rating-state';

type Chosen = Exclude<RatingScope, 'centre'>;

interface RatingControlsProps {
  state: RatingState;
  onScope: (scope: RatingScope) => void;
  onId: (id: number | undefined) => void;
  onMonth: (month: string | undefined) => void;
}

/** What is ranked (scope, then its group, course or branch) and over which month, or all time. */
export function RatingControls({ state, onScope, onId, onMonth }: RatingControlsProps) {
  const { t } = useTranslation();
  const narrow = !Grid.useBreakpoint().md;
  const chooser = { scope: state.scope as Chosen, value: state.id, onChange: onId, narrow };
  return (
    <Flex vertical gap={8}>
      <Segmented<RatingScope>
        aria-label={t('rating.scopeLabel')}
        block={narrow}
        value={state.scope}
        onChange={onScope}
        options={RATING_SCOPES.map((scope) => ({ value: scope, label: t(`rating.scopes.${scope}`) }))}
        style={narrow ? undefined : { alignSelf: 'flex-start' }}
      />
      <Flex wrap gap={8}>
        {state.scope === 'group' && <GroupChooser {...chooser} />}
        {state.scope === 'course' && <CourseChooser {...chooser} />}
        {state.scope === 'branch' && <BranchChooser {...chooser} />}
        <DatePicker
          picker="month"
          allowClear
          aria-label={t('rating.month')}
          placeholder={t('rating.allTime')}
          value={state.month ? dayjs(`${state.month}-01`) : null}
          format={(month) => monthLabel(month.format('YYYY-MM'))}
          // Clearing the month is how "all time" is chosen.
          onChange={(month) => onMonth(month ? month.format('YYYY-MM') : undefined)}
          style={narrow ? { flex: '1 1 100%' } : { width: 180 }}
        />
      </Flex>
    </Flex>
  );
}

interface ChooserProps {
  scope: Chosen;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  narrow: boolean;
}

/** The header's branch's groups (as the reports offer them). */
function GroupChooser(props: ChooserProps) {
  const branchId = useSession().branch;
  return branchId === null ? null : <GroupsOfBranch branchId={branchId} {...props} />;
}

function GroupsOfBranch({ branchId, ...props }: ChooserProps & { branchId: number }) {
  const groups = useReportGroupOptions(branchId);
  return <TargetSelect {...props} options={groups.data} loading={groups.isPending} />;
}

/** A course or one of its levels ("English · B1"): a course's rating takes in its levels. */
function CourseChooser(props: ChooserProps) {
  const courses = useCourseOptions();
  return <TargetSelect {...props} options={courses.data} loading={courses.isPending} />;
}

/** The user's own branches, the ones the header's switcher offers. */
function BranchChooser(props: ChooserProps) {
  const { user } = useSession();
  const options = (user?.branches ?? []).map((branch) => ({ value: branch.id, label: branch.name }));
  return <TargetSelect {...props} options={options} />;
}

function TargetSelect({
  scope,
  value,
  onChange,
  narrow,
  options,
  loading,
}: ChooserProps & { options?: { value: number; label: string }[]; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t(`rating.choose.${scope}`)}
      placeholder={t(`rating.choose.${scope}`)}
      loading={loading}
      value={value}
      onChange={(id: number) => onChange(id)}
      options={options ?? []}
      style={narrow ? { flex: '1 1 100%' } : { width: 260 }}
    />
  );
}
