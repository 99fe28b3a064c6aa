import type { Ambulance, CreateAmbulance, UpdateAmbulance } from '@carepoint/contract';
import { api } from '@/lib/api-client';
import { useAdminMutation, type WithId } from './shared';

/* The ambulance fleet. Its list is lists.ts's. */

export const useCreateAmbulance = () =>
  useAdminMutation(
    (body: CreateAmbulance) => api.post<Ambulance>('/admin/ambulances', body),
    ['ambulances'],
    'Failed to add ambulance',
    'form',
  );
export const useUpdateAmbulance = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateAmbulance>) => api.put<Ambulance>(`/admin/ambulances/${id}`, body),
    ['ambulances'],
    'Failed to update ambulance',
    'form',
  );
