import {
  type CreateNursingNote,
  type CreateWardRoundNote,
  HANDOVER_DEFAULT_HOURS,
  type Handover,
  type WardNote,
  type WardNoteKind,
  type WardNotePage,
} from '@carepoint/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { changeMeta } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';

/** Notes a page of the timeline shows before "Show older notes". */
const NOTES_PAGE = 20;

/** A stay's notes, newest first, a page at a time (of one kind, or both when `kind` is undefined). */
export function useStayNotes(stayId: string, kind: WardNoteKind | undefined) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.inpatient.notes(stayId), kind ?? 'all'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ page: String(pageParam), limit: String(NOTES_PAGE) });
      if (kind) query.set('kind', kind);
      return api.get<WardNotePage>(`/stays/${stayId}/notes?${query}`, { signal });
    },
    getNextPageParam: (last) => last.pagination.nextPage ?? undefined,
    // Another kind keeps the page (and its heading) in place until its notes arrive.
    placeholderData: keepPreviousData,
    meta: { errorMessage: false },
  });
}

/** Writes a note (or a correction) and reads the stay's notes again. */
function useWriteNote<Input>(stayId: string, path: 'nursing-notes' | 'ward-round-notes') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: Input) => api.post<WardNote>(`/stays/${stayId}/${path}`, values),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.inpatient.notes(stayId) }),
        client.invalidateQueries({ queryKey: queryKeys.inpatient.handovers }),
      ]),
    meta: changeMeta('Could not save the note', 'form'),
  });
}

export const useWriteNursingNote = (stayId: string) =>
  useWriteNote<CreateNursingNote>(stayId, 'nursing-notes');
export const useWriteWardRoundNote = (stayId: string) =>
  useWriteNote<CreateWardRoundNote>(stayId, 'ward-round-notes');

/**
 * A ward's handover over the last `hours` hours, counted back from when it is read (the server's
 * own default window when it is the default, so a device's clock does not move it).
 */
export function useHandover(wardId: string, hours: number) {
  return useQuery({
    queryKey: queryKeys.inpatient.handover(wardId, hours),
    queryFn: ({ signal }) => {
      const query =
        hours === HANDOVER_DEFAULT_HOURS
          ? ''
          : `?${new URLSearchParams({ since: new Date(Date.now() - hours * 3_600_000).toISOString() })}`;
      return api.get<Handover>(`/wards/${wardId}/handover${query}`, { signal });
    },
    meta: { errorMessage: false },
  });
}
