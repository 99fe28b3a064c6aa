import {
  DIAGNOSIS_CATEGORY_MESSAGES,
  DIAGNOSIS_MESSAGES,
  type DiagnosisCategory,
  type DiagnosisCategoryFields,
  type DiagnosisCategoryOption,
  type DiagnosisCategoryPage,
  type DiagnosisTest,
  type DiagnosisTestFields,
  type DiagnosisTestPage,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { changeMeta, type RefusalShown } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';

/*
 * Diagnosis tests and categories. Keys start with 'diagnosis': a saved or deleted category
 * changes the tests' category names and the categories' test counts, so every change
 * refreshes both lists.
 */

const TESTS = '/doctor/diagnosis-tests';
const CATEGORIES = '/doctor/diagnosis-categories';

/** A page of diagnosis tests for a query string (`?page&limit&sort&order&q`). */
export const diagnosisTestsQuery = (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.doctor.diagnosis.tests(queryString),
    queryFn: ({ signal }) => api.get<DiagnosisTestPage>(`${TESTS}${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: DIAGNOSIS_MESSAGES.loadFailed },
  });

export function useDiagnosisTest(id: string) {
  return useQuery({
    queryKey: queryKeys.doctor.diagnosis.test(id),
    queryFn: ({ signal }) => api.get<DiagnosisTest>(`${TESTS}/${id}`, { signal }),
    // The page shows "not found" or the error in place.
    meta: { errorMessage: false },
  });
}

function useDiagnosisMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  errorMessage: string,
  shown: RefusalShown = 'toast',
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.doctor.diagnosis.all }),
    meta: changeMeta(errorMessage, shown),
  });
}

export const useCreateDiagnosisTest = () =>
  useDiagnosisMutation(
    (fields: DiagnosisTestFields) => api.post<DiagnosisTest>(TESTS, fields),
    DIAGNOSIS_MESSAGES.saveFailed,
    'form',
  );

export const useUpdateDiagnosisTest = () =>
  useDiagnosisMutation(
    ({ id, fields }: { id: string; fields: DiagnosisTestFields }) =>
      api.put<DiagnosisTest>(`${TESTS}/${id}`, fields),
    DIAGNOSIS_MESSAGES.saveFailed,
    'form',
  );

export const useDeleteDiagnosisTest = () =>
  useDiagnosisMutation(
    (id: string) => api.delete<{ ok: true }>(`${TESTS}/${id}`),
    DIAGNOSIS_MESSAGES.deleteFailed,
  );

/** A page of categories, each with how many tests use it. */
export const diagnosisCategoriesQuery = (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.doctor.diagnosis.categories(queryString),
    queryFn: ({ signal }) => api.get<DiagnosisCategoryPage>(`${CATEGORIES}${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: DIAGNOSIS_CATEGORY_MESSAGES.loadFailed },
  });

/** Every category, for the test form's choice. */
export function useCategoryOptions() {
  return useQuery({
    queryKey: queryKeys.doctor.diagnosis.categoryOptions,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: DiagnosisCategoryOption[] }>(`${CATEGORIES}/options`, { signal })).data,
    meta: { errorMessage: DIAGNOSIS_CATEGORY_MESSAGES.loadFailed },
  });
}

export const useSaveCategory = () =>
  useDiagnosisMutation(
    ({ id, fields }: { id?: string; fields: DiagnosisCategoryFields }) =>
      id
        ? api.put<DiagnosisCategory>(`${CATEGORIES}/${id}`, fields)
        : api.post<DiagnosisCategory>(CATEGORIES, fields),
    DIAGNOSIS_CATEGORY_MESSAGES.saveFailed,
    'form',
  );

export const useDeleteCategory = () =>
  useDiagnosisMutation(
    (id: string) => api.delete<{ ok: true }>(`${CATEGORIES}/${id}`),
    DIAGNOSIS_CATEGORY_MESSAGES.deleteFailed,
  );
