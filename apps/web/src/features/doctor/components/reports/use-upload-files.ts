import { useState } from 'react';
import { useUploadAttachment } from '@/features/doctor/api/reports';

/**
 * Uploads files to a report one after the other, telling how far it got ("Uploading 2 of 3").
 * Answers how many were stored; a refused one is toasted by the mutation and the rest still go.
 */
export function useUploadFiles() {
  const upload = useUploadAttachment();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const uploadAll = async (reportId: string, files: File[]) => {
    let stored = 0;
    for (const [index, file] of files.entries()) {
      setProgress({ done: index + 1, total: files.length });
      try {
        await upload.mutateAsync({ reportId, file });
        stored += 1;
      } catch {
        // The mutation's toast says why; the other files are still sent.
      }
    }
    setProgress(null);
    return stored;
  };
  const status = progress ? `Uploading ${progress.done} of ${progress.total}…` : null;
  return { uploadAll, status, uploading: progress !== null };
}
