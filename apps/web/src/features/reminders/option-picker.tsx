import type { ReminderOptionKind, ReminderRef } from '@crm/contracts';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReminderOptions } from './reminders-api';

/** Typing waits this long before asking the server again. */
const SEARCH_DELAY_MS = 300;

interface OptionPickerProps {
  kind: ReminderOptionKind;
  branchId: number | undefined;
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** The chosen one as the task names it, so its name shows before any search. */
  chosen?: ReminderRef | null;
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
}

/** A select of people, leads or groups searched on the server (GET /reminder/options decides who is offered). */
export function OptionPicker({ kind, branchId, value, onChange, chosen, disabled, ...rest }: OptionPickerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const options = useReminderOptions(kind, search, branchId, opened && !disabled);
  const [picked, setPicked] = useState<ReminderRef | null>(chosen ?? null);

  const choices = useMemo(() => {
    const found = options.data?.data ?? [];
    const known = [picked, chosen].filter((ref): ref is ReminderRef => !!ref && ref.id === value);
    const all = [...known.filter((ref) => !found.some((f) => f.id === ref.id)).slice(0, 1), ...found];
    return all.map((ref) => ({ value: ref.id, label: ref.name }));
  }, [options.data, picked, chosen, value]);

  return (
    <Select
      {...rest}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      disabled={disabled}
      options={choices}
      loading={options.isFetching}
      onOpenChange={(open) => open && setOpened(true)}
      onFocus={() => setOpened(true)}
      notFoundContent={options.isFetching ? undefined : t('reminders.form.noMatches')}
      onChange={(id: number | undefined) => {
        const ref = options.data?.data.find((option) => option.id === id) ?? null;
        setPicked(ref);
        onChange?.(id);
      }}
      style={{ width: '100%' }}
    />
  );
}
