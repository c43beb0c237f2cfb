import { type Me, type Onboarding, type OnboardingStepInput, onboardingRoutes } from '@crm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { apiRequest } from '../../shared/api/api-client';
import { storeUser } from '../../shared/session/session-store';
import { ME_KEY } from '../auth/auth-api';

export const onboardingKey = ['onboarding'] as const;

/** GET /onboarding: where the wizard stands, kept on the server so a reload resumes there. */
export const useOnboarding = () =>
  useQuery({ queryKey: onboardingKey, queryFn: () => api(onboardingRoutes.getOnboarding), retry: false });

/** PUT /onboarding/step: the answer is the new standing, so the wizard moves on without another read. */
export function useRecordStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingStepInput) => api(onboardingRoutes.recordOnboardingStep, { body }),
    onSuccess: (standing) => queryClient.setQueryData<Onboarding>(onboardingKey, standing),
  });
}

/**
 * The signed-in user read again (POST /auth/me), so the stored company says what the server now knows:
 * its logo, and that onboarding is over (the log-in guard of spec §4 reads the stored company).
 */
async function refreshSignedInUser(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  const me = await apiRequest<Me>('/auth/me', { method: 'POST' });
  storeUser(me);
  queryClient.setQueryData(ME_KEY, me);
}

/** POST /onboarding/finish (finished or skipped: over for good), then the stored session learns it. */
export function useFinishOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const standing = await api(onboardingRoutes.finishOnboarding);
      queryClient.setQueryData<Onboarding>(onboardingKey, standing);
      await refreshSignedInUser(queryClient);
      return standing;
    },
  });
}

/**
 * Spec §7 POST /group/{group_id}/students/{student_id}: the student made in the wizard joins the group made
 * after him, as a trial student from today (spec §4).
 */
export const addStudentToGroup = (groupId: number, studentId: number, createdDate: string) =>
  apiRequest(`/group/${groupId}/students/${studentId}`, { method: 'POST', body: { created_date: createdDate } });
