import { useMutation } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { changeMeta, type RefusalShown } from './forms';
import { QueryProvider } from './query-client';

const TAKEN = 'A ward with this name already exists';

/** Sends one change through the app's query client, refused with `refusal`, and settles. */
async function refuse(refusal: ApiRequestError, shown: RefusalShown) {
  let settled: Promise<unknown> = Promise.resolve();
  function Change() {
    const change = useMutation({
      mutationFn: () => Promise.reject(refusal),
      meta: changeMeta('Failed to add ward', shown),
    });
    useEffect(() => {
      settled = change.mutateAsync(undefined).catch(() => undefined);
    }, [change.mutateAsync]);
    return null;
  }
  render(
    <QueryProvider>
      <Change />
    </QueryProvider>,
  );
  await act(async () => {
    await settled;
  });
}

describe('a change refused by the server', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('from a form, is not toasted when it names a field: the form shows it under that field', async () => {
    const error = vi.spyOn(toast, 'error');
    await refuse(new ApiRequestError(409, 'WARD_NAME_TAKEN', TAKEN, { name: [TAKEN] }), 'form');
    expect(error).not.toHaveBeenCalled();
  });

  it('from a form, is toasted when it names no field', async () => {
    const error = vi.spyOn(toast, 'error');
    await refuse(new ApiRequestError(409, 'WARD_NOT_EMPTY', 'A ward with beds cannot be removed'), 'form');
    expect(error).toHaveBeenCalledWith('A ward with beds cannot be removed');
  });

  it('from a button, is always toasted: there is no field to show it under', async () => {
    const error = vi.spyOn(toast, 'error');
    await refuse(new ApiRequestError(409, 'WARD_NAME_TAKEN', TAKEN, { name: [TAKEN] }), 'toast');
    expect(error).toHaveBeenCalledWith(TAKEN);
  });
});
