import type { FacilityDetails } from '@carepoint/contract';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

/**
 * The facility's name and contact details as an admin saved them (GET /api/public/facility), for
 * the public pages' footer. The landing page renders outside the app's providers (its first load
 * stays small), so this is a plain request, not a query: the prerendered HTML has none, and they
 * appear once the answer comes. A failure leaves them out (the footer's other parts stay).
 */
export function useFacility(): FacilityDetails | null {
  const [facility, setFacility] = useState<FacilityDetails | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<FacilityDetails>('/public/facility', { signal: controller.signal, authRedirect: false })
      .then(setFacility, () => setFacility(null));
    return () => controller.abort();
  }, []);
  return facility;
}
