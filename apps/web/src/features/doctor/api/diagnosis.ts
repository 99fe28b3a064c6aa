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
import { api } from '../../../lib/api-client';

/*
 * Diagnosis tests and categories. Keys start with 'diagnosis': a saved or deleted category
 * changes the tests' category names and the categories' test counts, so every change
 * refreshes both lists.
 */

const diagnosisKeys = {
  all: ['diagnosis'] as const,
  tests: (queryString: string) => ['diagnosis', 'tests', queryString] as const,
  test: (id: string) => ['diagnosis', 'test', id] as const,
  categories: (queryString: string) => ['diagnosis', 'categories', queryString] as const,
  categoryOptions: ['diagnosis', 'category-options'] as const,
};

const TESTS = '/doctor/diagnosis-tests';
const CATEGORIES = '/doctor/diagnosis-categories';

/** A page of diagnosis tests for a query string (`?page&limit&sort&order&q`). */
export const diagnosisTestsQuery = (queryString: string) =>
  queryOptions({
    queryKey: diagnosisKeys.tests(queryString),
    queryFn: ({ signal }) => api.get<DiagnosisTestPage>(`${TESTS}${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: DIAGNOSIS_MESSAGES.loadFailed },
  });

export function useDiagnosisTest(id: string) {
  return useQuery({
    queryKey: diagnosisKeys.test(id),
    queryFn: ({ signal }) => api.get<DiagnosisTest>(`${TESTS}/${id}`, { signal }),
    // The page shows "not found" or the error in place.
    meta: { errorMessage: false },
  });
}

function useDiagnosisMutation<V, R>(mutationFn: (variables: V) => Promise<R>, errorMessage: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: diagnosisKeys.all }),
    meta: { errorMessage },
  });
}

export const useCreateDiagnosisTest = () =>
  useDiagnosisMutation(
    (fields: DiagnosisTestFields) => api.post<DiagnosisTest>(TESTS, fields),
    DIAGNOSIS_MESSAGES.saveFailed,
  );

export const useUpdateDiagnosisTest = () =>
  useDiagnosisMutation(
    ({ id, fields }: { id: string; fields: DiagnosisTestFields }) =>
      api.put<DiagnosisTest>(`${TESTS}/${id}`, fields),
    DIAGNOSIS_MESSAGES.saveFailed,
  );

export const useDeleteDiagnosisTest = () =>
  useDiagnosisMutation(
    (id: string) => api.delete<{ ok: true }>(`${TESTS}/${id}`),
    DIAGNOSIS_MESSAGES.deleteFailed,
  );

/** A page of categories, each with how many tests use it. */
export const diagnosisCategoriesQuery = (queryString: string) =>
  queryOptions({
    queryKey: diagnosisKeys.categories(queryString),
    queryFn: ({ signal }) => api.get<DiagnosisCategoryPage>(`${CATEGORIES}${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: DIAGNOSIS_CATEGORY_MESSAGES.loadFailed },
  });

/** Every category, for the test form's choice. */
export function useCategoryOptions() {
  return useQuery({
    queryKey: diagnosisKeys.categoryOptions,
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
  );

export const useDeleteCategory = () =>
  useDiagnosisMutation(
    (id: string) => api.delete<{ ok: true }>(`${CATEGORIES}/${id}`),
    DIAGNOSIS_CATEGORY_MESSAGES.deleteFailed,
  );
