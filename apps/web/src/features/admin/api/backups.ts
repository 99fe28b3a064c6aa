import { BACKUP_MESSAGES, type Backup, type BackupsOverview } from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/*
 * The Backups screen's data (GET/POST /api/admin/backups). A backup runs on the server after
 * "Back up now" answers; while one runs the list is read again every 2 seconds.
 */

const WHILE_RUNNING_MS = 2000;

export const useBackups = () =>
  useQuery({
    queryKey: queryKeys.admin.backups,
    queryFn: ({ signal }) => api.get<BackupsOverview>('/admin/backups', { signal }),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data?.mode === 'embedded' && data.running ? WHILE_RUNNING_MS : false;
    },
    meta: { errorMessage: BACKUP_MESSAGES.loadFailed },
  });

export function useBackUpNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Backup>('/admin/backups'),
    onSuccess: () => toast.success(BACKUP_MESSAGES.started),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin.backups }),
    meta: { errorMessage: BACKUP_MESSAGES.startFailed },
  });
}

/** A plain link: the browser streams the file to disk with the session cookie, and shows its progress. */
export const backupDownloadUrl = (fileName: string) =>
  `/api/admin/backups/${encodeURIComponent(fileName)}/download`;
