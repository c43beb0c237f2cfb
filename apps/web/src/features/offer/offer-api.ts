import { type OfferAcceptInput, type OfferPublishInput, offerRoutes } from '@crm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { peopleKey } from '../users/users-api';

const offerKey = ['offer'] as const;
const versionsKey = [...offerKey, 'versions'] as const;

/** GET /offer: the version in force, the caller's own state and policies. */
export const useOffer = (enabled = true) =>
  useQuery({ queryKey: offerKey, queryFn: () => api(offerRoutes.getOffer), enabled, staleTime: 60_000 });

/** GET /offer/versions: the settings' history of versions with their acceptances. */
export const useOfferVersions = (enabled = true) =>
  useQuery({ queryKey: versionsKey, queryFn: () => api(offerRoutes.listOfferVersions), enabled });

/** GET /offer/versions/{version}: one version's texts, asked when it is opened. */
export const useOfferVersion = (version: number | null) =>
  useQuery({
    queryKey: [...versionsKey, version],
    queryFn: () => api(offerRoutes.getOfferVersion, { params: { version: version as number } }),
    enabled: version !== null,
  });

/**
 * Publishing and accepting. Each refreshes the offer and its history; the people lists and profiles show
 * the students' state, so they are refreshed too (a new version unsigns everyone).
 */
export function useOfferMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: offerKey }),
      queryClient.invalidateQueries({ queryKey: peopleKey }),
    ]);
  const publish = useMutation({
    mutationFn: (body: OfferPublishInput) => api(offerRoutes.publishOffer, { body }),
    onSuccess,
  });
  const accept = useMutation({
    mutationFn: ({ userId, ...body }: OfferAcceptInput & { userId: number }) =>
      api(offerRoutes.acceptOffer, { params: { id: userId }, body }),
    onSuccess,
    // Refused as outdated: a newer version is in force, show it to be read.
    onError: () => queryClient.invalidateQueries({ queryKey: offerKey }),
  });
  return { publish, accept };
}
