import { RECORD_ACCESS_MESSAGES, type RecordAccessPage } from '@carepoint/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Who opened my record: staff reads and changes of the signed-in patient's record, newest first. */
export const recordAccessQuery = (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.patient.recordAccess(queryString),
    queryFn: ({ signal }) => api.get<RecordAccessPage>(`/patient/record-access${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: RECORD_ACCESS_MESSAGES.loadFailed },
  });
