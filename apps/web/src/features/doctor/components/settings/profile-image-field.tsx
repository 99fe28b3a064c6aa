import {
  imageTypeOf,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MESSAGES,
  PROFILE_IMAGE_TYPES,
  type Profile,
} from '@carepoint/contract';
import { type ChangeEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { controlClass, describedBy, FieldShell, useFieldIds } from '@/components/ui/field';
import { useRemoveProfileImage, useUploadProfileImage } from '@/features/doctor/api/settings';
import { errorMessage } from '@/lib/api-client';
import { fullName } from '@/lib/format';

/** Enough of a file to read its magic number. */
const SIGNATURE_BYTES = 16;

/**
 * Checks a chosen picture as the server will (size, then its first bytes), so a wrong file is
 * refused at once with the same message; the server checks again and has the last word.
 */
async function problemWith(file: File): Promise<string | null> {
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return PROFILE_IMAGE_MESSAGES.tooLarge;
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  return imageTypeOf(head) ? null : PROFILE_IMAGE_MESSAGES.notAnImage;
}

/** The profile picture: uploaded as soon as it is chosen, shown wherever the avatar appears. */
export function ProfileImageField({ profile }: { profile: Profile }) {
  const ids = useFieldIds();
  const upload = useUploadProfileImage();
  const remove = useRemoveProfileImage();
  const [error, setError] = useState<string>();
  const hint = 'PNG, JPEG or WebP, at most 2 MB.';

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again must run the check again.
    event.target.value = '';
    if (!file) return;
    const problem = await problemWith(file);
    setError(problem ?? undefined);
    if (problem) return;
    try {
      await upload.mutateAsync(file);
      toast.success(PROFILE_IMAGE_MESSAGES.uploaded);
    } catch (err) {
      setError(errorMessage(err, PROFILE_IMAGE_MESSAGES.uploadFailed));
    }
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar name={fullName(profile)} imageUrl={profile.imageUrl} size="xl" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <FieldShell ids={ids} label="Profile image" error={error} hint={hint}>
          <input
            id={ids.id}
            type="file"
            accept={PROFILE_IMAGE_TYPES.join(',')}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(ids, error, hint)}
            disabled={upload.isPending}
            onChange={(event) => void onChoose(event)}
            className={controlClass(
              Boolean(error),
              'py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-primary-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-primary-900',
            )}
          />
        </FieldShell>
        {upload.isPending ? (
          <p role="status" className="text-sm text-ink-soft">
            Uploading…
          </p>
        ) : null}
        {profile.imageUrl ? (
          <div>
            <Button
              variant="secondary"
              size="sm"
              loading={remove.isPending}
              onClick={() =>
                void remove.mutateAsync().then(
                  () => toast.success(PROFILE_IMAGE_MESSAGES.removed),
                  () => undefined,
                )
              }
            >
              Remove picture
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
