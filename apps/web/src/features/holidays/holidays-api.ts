import type { Holiday, HolidayInput } from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import { useCatalogMutations } from '../courses/catalog-api';

/** Every year's list: a holiday moved to another year changes two lists. */
export const holidaysKey = ['holidays'] as const;

export const useHolidays = (year: number) =>
  useQuery({
    queryKey: [...holidaysKey, year],
    queryFn: () => apiRequest<{ data: Holiday[] }>('/holiday', { query: { year } }),
    placeholderData: keepPreviousData,
  });

export const useHolidayMutations = () => useCatalogMutations<Holiday, HolidayInput>('/holiday', holidaysKey);
