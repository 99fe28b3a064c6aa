import { TOAST_ERROR_MS, TOAST_LIMIT, TOAST_SUCCESS_MS } from '@carepoint/contract';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/** Keeps at most TOAST_LIMIT toasts on screen: the oldest beyond it are dismissed. */
function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // The store lists the newest first.
    for (const t of toasts.filter((item) => item.visible).slice(TOAST_LIMIT)) toast.dismiss(t.id);
  }, [toasts]);
  return null;
}

/** The app's toasts with the spec's durations (success 2 s, error and blank 4 s) and limit (20). */
export default function AppToaster() {
  return (
    <>
      <Toaster
        position="top-center"
        toastOptions={{
          duration: TOAST_ERROR_MS,
          success: { duration: TOAST_SUCCESS_MS },
          error: { duration: TOAST_ERROR_MS },
        }}
      />
      <ToastLimit />
    </>
  );
}
