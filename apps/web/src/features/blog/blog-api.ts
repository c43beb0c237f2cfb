import {
  BLOG_COVER_IMAGE,
  BLOG_PAGE_SIZE,
  type BlogCover,
  type BlogPost,
  type BlogPostInput,
  blogRoutes,
} from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { ApiError } from '../../shared/api/api-error';
import { uploadSpreadsheet } from '../../shared/spreadsheet-import/upload-spreadsheet';

export const blogKey = ['blog'] as const;
const listsKey = [...blogKey, 'list'] as const;
const postKey = (id: number) => [...blogKey, 'post', id] as const;

/** GET /blog/: a page of the news the reader may see, newest first (the previous page stays while the next loads). */
export const useNewsList = (page: number) =>
  useQuery({
    queryKey: [...listsKey, page],
    queryFn: () => api(blogRoutes.list, { query: { page, per_page: BLOG_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /blog/{id}. Opening a post marks it read on the server (spec §4), so the lists are read again: the
 * post's card loses its "unread" mark and its count of reads grows.
 */
export function useNewsPost(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: postKey(id),
    queryFn: async () => {
      const post = await api(blogRoutes.post, { params: { id } });
      void queryClient.invalidateQueries({ queryKey: listsKey });
      return post;
    },
  });
}

/** Publishing, changing and deleting posts; the lists are read again after each. */
export function useNewsWrites() {
  const queryClient = useQueryClient();
  const remember = (post: BlogPost) => {
    queryClient.setQueryData(postKey(post.id), post);
    return queryClient.invalidateQueries({ queryKey: listsKey });
  };
  const create = useMutation({
    mutationFn: (body: BlogPostInput) => api(blogRoutes.create, { body }),
    onSuccess: remember,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: BlogPostInput }) => api(blogRoutes.update, { params: { id }, body }),
    onSuccess: remember,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(blogRoutes.remove, { params: { id } }),
    onSuccess: (_ok, id) => {
      queryClient.removeQueries({ queryKey: postKey(id) });
      return queryClient.invalidateQueries({ queryKey: listsKey });
    },
  });
  return { create, update, remove };
}

/** The browser's own check of a cover before sending it, worded as the server would refuse it. */
export function coverProblem(file: Pick<File, 'type' | 'size'>): ApiError | null {
  if (!(BLOG_COVER_IMAGE.types as readonly string[]).includes(file.type))
    return new ApiError(415, 'image_type_refused', '');
  if (file.size > BLOG_COVER_IMAGE.maxBytes) return new ApiError(413, 'image_too_large', '');
  return null;
}

/** POST /blog/cover (multipart, one file `file`): the stored picture's address, for the post's `cover`. */
export function uploadCover(file: File): Promise<BlogCover> {
  const problem = coverProblem(file);
  return problem ? Promise.reject(problem) : uploadSpreadsheet<BlogCover>(blogRoutes.uploadCover.path, file, {});
}
