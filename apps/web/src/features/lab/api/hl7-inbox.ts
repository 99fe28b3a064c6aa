import {
  HL7_MESSAGES,
  type Hl7Discard,
  type Hl7Match,
  type Hl7MessageDetail,
  type Hl7MessagePage,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';

/* The analyser inbox: HL7 messages CarePoint could not file, matched or discarded by a scientist. */

const MESSAGES = '/lab/hl7/messages';
const LOAD_FAILED = 'Failed to load the analyser inbox';

/** A page of waiting messages for a query string (`?page&limit&state`). */
export const hl7InboxQuery = (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.labInbox.list(queryString),
    queryFn: ({ signal }) => api.get<Hl7MessagePage>(`${MESSAGES}${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: LOAD_FAILED },
  });

export function useHl7Message(id: string | null) {
  return useQuery({
    queryKey: queryKeys.labInbox.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<Hl7MessageDetail>(`${MESSAGES}/${id}`, { signal }),
    enabled: id !== null,
    meta: { errorMessage: HL7_MESSAGES.messageNotFound },
  });
}

function useInboxMutation<V>(mutationFn: (variables: V) => Promise<Hl7MessageDetail>, errorMessage: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.labInbox.all }),
    meta: changeMeta(errorMessage, 'form'),
  });
}

export const useMatchHl7Message = () =>
  useInboxMutation(
    ({ id, body }: { id: string; body: Hl7Match }) =>
      api.post<Hl7MessageDetail>(`${MESSAGES}/${id}/match`, body),
    'Failed to match the message',
  );

export const useDiscardHl7Message = () =>
  useInboxMutation(
    ({ id, body }: { id: string; body: Hl7Discard }) =>
      api.post<Hl7MessageDetail>(`${MESSAGES}/${id}/discard`, body),
    'Failed to discard the message',
  );
