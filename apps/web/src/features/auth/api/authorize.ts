import {
  type AuthorizationRequest,
  type AuthorizeQuery,
  SMART_MESSAGES,
  type SmartPatient,
} from '@carepoint/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/* The SMART on FHIR consent page's calls (/api/smart/…; docs/fhir.md "SMART on FHIR"). */

const stringEntries = (query: AuthorizeQuery) =>
  Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string');

export const useAuthorizationRequest = (query: AuthorizeQuery) =>
  useQuery({
    queryKey: queryKeys.smart.authorization(query),
    queryFn: ({ signal }) =>
      api.get<AuthorizationRequest>(`/smart/authorization?${new URLSearchParams(stringEntries(query))}`, {
        signal,
      }),
    retry: false,
  });

export const useApproveAuthorization = () =>
  useMutation({
    mutationFn: (body: { query: AuthorizeQuery; patientId?: string }) =>
      api.post<{ redirectTo: string }>('/smart/authorization', body),
  });

export const useDenyAuthorization = () =>
  useMutation({
    mutationFn: (query: AuthorizeQuery) =>
      api.post<{ redirectTo: string }>('/smart/authorization/deny', query),
    meta: { errorMessage: SMART_MESSAGES.answerFailed },
  });

export const useSmartPatients = (q: string) =>
  useQuery({
    queryKey: queryKeys.smart.patients(q),
    queryFn: ({ signal }) =>
      api.get<SmartPatient[]>(`/smart/patients?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
