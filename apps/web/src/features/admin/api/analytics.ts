import type {
  Analytics,
  InpatientAnalytics,
  InpatientPeriod,
  LabAnalytics,
  Stats,
  Summary,
  TargetWait,
} from '@carepoint/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { LOAD_FAILED, useAdminMutation } from './shared';

/* The figures the server computes from every record: the dashboard's summary, analytics, stats. */

export const useSummary = () =>
  useQuery({
    queryKey: queryKeys.admin.summary,
    queryFn: ({ signal }) => api.get<Summary>('/admin/summary', { signal }),
    meta: { errorMessage: LOAD_FAILED.summary },
  });

export const useAnalytics = () =>
  useQuery({
    queryKey: queryKeys.admin.analytics,
    queryFn: ({ signal }) => api.get<Analytics>('/admin/analytics', { signal }),
    meta: { errorMessage: LOAD_FAILED.analytics },
  });

/** Beds by ward now, admissions and discharges per day and the length of stay over the last `days` days. */
export const useInpatientAnalytics = (days: InpatientPeriod) =>
  useQuery({
    queryKey: queryKeys.admin.inpatientAnalytics(days),
    queryFn: ({ signal }) =>
      api.get<InpatientAnalytics>(`/admin/analytics/inpatient?days=${days}`, { signal }),
    // Another period keeps the last figures on screen until its own arrive.
    placeholderData: keepPreviousData,
    meta: { errorMessage: LOAD_FAILED.inpatient },
  });

/** Turnaround, rejected specimens and critical alerts over the same last `days` days. */
export const useLabAnalytics = (days: InpatientPeriod) =>
  useQuery({
    queryKey: queryKeys.admin.labAnalytics(days),
    queryFn: ({ signal }) => api.get<LabAnalytics>(`/admin/analytics/lab?days=${days}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: LOAD_FAILED.lab },
  });

export const useStats = () =>
  useQuery({
    queryKey: queryKeys.admin.stats,
    queryFn: ({ signal }) => api.get<Stats>('/admin/stats', { signal }),
    meta: { errorMessage: LOAD_FAILED.stats },
  });

/** The emergency room's target wait, which the analytics measure waits against. */
export const useUpdateTargetWait = () =>
  useAdminMutation(
    (body: TargetWait) => api.put<TargetWait>('/admin/settings/target-wait', body),
    ['analytics'],
    'Failed to update the target wait',
    'form',
  );
