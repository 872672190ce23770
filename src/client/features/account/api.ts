// Mon Compte as the client calls it (contracts: @shared/schemas/account, @shared/schemas/auth).
// Whatever changes the name or the picture also refreshes GET /api/me, so the header follows.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AVATAR_FIELD,
  type AvatarResponse,
  type ChefProfileResponse,
  type ProfileResponse,
  type UpdateChefProfileInput,
  type UpdateProfileInput,
} from '@shared/schemas/account';
import type { AuthOkResponse } from '@shared/schemas/auth';
import type { DeleteAccountInput } from '@shared/schemas/privacy';
import { ME_QUERY_KEY, useAuth } from '@client/app/auth';
import { api, type ApiError } from '@client/lib/api';

const profileKey = (userId: string | undefined) => ['account', userId ?? 'visitor', 'profile'] as const;

/** GET /api/account/profile */
export function useProfile() {
  const { status, user } = useAuth();
  return useQuery<ProfileResponse, ApiError>({
    queryKey: profileKey(user?.id),
    queryFn: ({ signal }) => api<ProfileResponse>('/account/profile', { signal }),
    enabled: status === 'signed-in',
    // The form starts from what the server holds now, not from a copy read minutes ago.
    refetchOnMount: 'always',
  });
}

/** PATCH /api/account/profile */
export function useUpdateProfile() {
  const { user } = useAuth();
  const client = useQueryClient();
  return useMutation<ProfileResponse, ApiError, UpdateProfileInput>({
    mutationFn: (input) => api<ProfileResponse>('/account/profile', { method: 'PATCH', body: JSON.stringify(input) }),
    onSuccess: (data) => {
      client.setQueryData(profileKey(user?.id), data);
      void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

const chefProfileKey = (userId: string | undefined) => ['account', userId ?? 'visitor', 'chef-profile'] as const;

/** GET /api/account/chef-profile — a chef's or the admin's specialty and bio (`enabled` for them only). */
export function useChefProfile(enabled: boolean) {
  const { status, user } = useAuth();
  return useQuery<ChefProfileResponse, ApiError>({
    queryKey: chefProfileKey(user?.id),
    queryFn: ({ signal }) => api<ChefProfileResponse>('/account/chef-profile', { signal }),
    enabled: enabled && status === 'signed-in',
    refetchOnMount: 'always',
  });
}

/** PATCH /api/account/chef-profile — the public chef pages read by this tab show the new text. */
export function useUpdateChefProfile() {
  const { user } = useAuth();
  const client = useQueryClient();
  return useMutation<ChefProfileResponse, ApiError, UpdateChefProfileInput>({
    mutationFn: (input) => api<ChefProfileResponse>('/account/chef-profile', { method: 'PATCH', body: JSON.stringify(input) }),
    onSuccess: (data) => {
      client.setQueryData(chefProfileKey(user?.id), data);
      // The chef pages, the chef list and the home page's chef (useApiQuery keys: ['api', path]).
      void client.invalidateQueries({
        predicate: (q) => q.queryKey[0] === 'api' && typeof q.queryKey[1] === 'string' && /^\/(chefs|home)\b/.test(q.queryKey[1]),
      });
    },
  });
}

/** POST /api/account/avatar (multipart, one file in the field `avatar`). */
export function useUploadAvatar() {
  const { user } = useAuth();
  const client = useQueryClient();
  return useMutation<AvatarResponse, ApiError, File>({
    mutationFn: (file) => {
      const form = new FormData();
      form.append(AVATAR_FIELD, file);
      return api<AvatarResponse>('/account/avatar', { method: 'POST', body: form });
    },
    onSuccess: ({ avatarUrl }) => {
      client.setQueryData<ProfileResponse>(profileKey(user?.id), (old) =>
        old ? { profile: { ...old.profile, avatarUrl } } : old,
      );
      void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

/** POST /api/auth/change-password — ends the other sessions; this one is renewed by the server. */
export function useChangePassword() {
  return useMutation<AuthOkResponse, ApiError, { currentPassword: string; newPassword: string }>({
    mutationFn: (input) => api<AuthOkResponse>('/auth/change-password', { method: 'POST', body: JSON.stringify(input) }),
  });
}

/** GET /api/account/data-export — a plain link downloads it (the browser sends the session cookie). */
export const DATA_EXPORT_URL = '/api/account/data-export';

/** POST /api/account/delete — the account is gone and every session ended once it answers. */
export function useDeleteAccount() {
  return useMutation<AuthOkResponse, ApiError, DeleteAccountInput>({
    mutationFn: (input) => api<AuthOkResponse>('/account/delete', { method: 'POST', body: JSON.stringify(input) }),
  });
}
