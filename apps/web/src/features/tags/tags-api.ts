import type { Tag, TagCreate, TagUpdate } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import { useCatalogMutations } from '../courses/catalog-api';

/** All tags of the company in one list (a few dozen); the page filters by type. */
export const tagsKey = ['tags'] as const;

export const useTags = () => useQuery({ queryKey: tagsKey, queryFn: () => apiRequest<{ data: Tag[] }>('/tags') });

export const useTagMutations = () => useCatalogMutations<Tag, TagCreate, TagUpdate>('/tags', tagsKey);
