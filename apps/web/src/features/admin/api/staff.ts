import {
  type AdminDoctor,
  type CreateDoctor,
  type CreateDoctorResponse,
  type CreateNurse,
  type CreateStaffAccount,
  DOCTOR_MESSAGES,
  type Nurse,
  STAFF_ACCOUNT_MESSAGES,
  type StaffAccount,
  type UpdateDoctor,
  type UpdateNurse,
  type UpdateStaffAccount,
} from '@carepoint/contract';
import { api } from '@/lib/api-client';
import { useAdminMutation, type WithId } from './shared';

/* The staff's records: doctors (their accounts), nurses and the other staff accounts (Manage Staff). Their lists are lists.ts's. */

export const useCreateDoctor = () =>
  useAdminMutation(
    (body: CreateDoctor) => api.post<CreateDoctorResponse>('/admin/create/doctor', body),
    ['doctors'],
    DOCTOR_MESSAGES.addFailed,
    'form',
  );
export const useUpdateDoctor = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateDoctor>) => api.patch<AdminDoctor>(`/admin/doctors/${id}`, body),
    ['doctors'],
    'Failed to update doctor',
    'form',
  );

export const useCreateNurse = () =>
  useAdminMutation(
    (body: CreateNurse) => api.post<Nurse>('/admin/nurses', body),
    ['nurses'],
    'Failed to add nurse',
    'form',
  );
export const useUpdateNurse = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateNurse>) => api.put<Nurse>(`/admin/nurses/${id}`, body),
    ['nurses'],
    'Failed to update nurse',
    'form',
  );

export const useCreateStaffAccount = () =>
  useAdminMutation(
    (body: CreateStaffAccount) => api.post<StaffAccount>('/admin/staff', body),
    ['staff'],
    STAFF_ACCOUNT_MESSAGES.addFailed,
    'form',
  );
export const useUpdateStaffAccount = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateStaffAccount>) => api.patch<StaffAccount>(`/admin/staff/${id}`, body),
    ['staff'],
    STAFF_ACCOUNT_MESSAGES.updateFailed,
    'form',
  );
