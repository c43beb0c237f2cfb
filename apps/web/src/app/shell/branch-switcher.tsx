import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBranches } from '../../features/branches/branches-api';
import { storeBranch } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';

/** The chosen branch is stored as 'branch' and every branch-scoped query keys on it. */
export function BranchSwitcher({ width }: { width: number }) {
  const { t } = useTranslation();
  const { branch, user } = useSession();
  const branches = useBranches();
  const options = (branches.data ?? user?.branches ?? []).map(({ id, name }) => ({ value: id, label: name }));
  return (
    <Select
      aria-label={t('header.branch')}
      title={t('header.branch')}
      value={branch ?? undefined}
      options={options}
      onChange={storeBranch}
      loading={branches.isLoading}
      popupMatchSelectWidth={false}
      style={{ width }}
    />
  );
}
