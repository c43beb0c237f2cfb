import { type FormInput, type FormKind, type FormStatus, formRoutes, type Language } from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, routePath } from '../../shared/api/api';
import { downloadFile } from '../../shared/api/file-transfer';

export const formsKey = ['forms'] as const;
const listKey = [...formsKey, 'list'] as const;
const formKey = (id: number) => [...formsKey, 'form', id] as const;
/** A form's answers and report sit under it: a change of the form reads them again too. */
const answersKey = (id: number) => [...formKey(id), 'answers'] as const;
const reportKey = (id: number) => [...formKey(id), 'report'] as const;

export const FORMS_PER_PAGE = 20;
export const ANSWERS_PER_PAGE = 30;

export interface FormListFilters {
  kind?: FormKind;
  status?: FormStatus;
  search?: string;
  page: number;
}

/** GET /form: a page of the company's forms. */
export const useFormList = (filters: FormListFilters) =>
  useQuery({
    queryKey: [...listKey, filters],
    queryFn: () => api(formRoutes.list, { query: { ...filters, per_page: FORMS_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });

/** GET /form/{id}: a form with its fields and the caller's policies. */
export const useFormDetail = (id: number) =>
  useQuery({ queryKey: formKey(id), queryFn: () => api(formRoutes.get, { params: { id } }), retry: false });

/** The writes of a form; each puts the answer in the form's cache and reads the list again. */
export function useFormWrites() {
  const queryClient = useQueryClient();
  const stored = (form: { id: number }) => {
    queryClient.setQueryData(formKey(form.id), form);
    return queryClient.invalidateQueries({ queryKey: listKey });
  };
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: FormInput }) =>
      id === null ? api(formRoutes.create, { body }) : api(formRoutes.update, { params: { id }, body }),
    onSuccess: stored,
  });
  const publish = useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) =>
      api(formRoutes.publish, { params: { id }, body: { published } }),
    onSuccess: stored,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(formRoutes.delete, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: formKey(id) });
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
  return { save, publish, remove };
}

/** The answers page's filters (answersQuerySchema without the page), as the address keeps them. */
export interface AnswerFilters {
  from?: string;
  to?: string;
  search?: string;
  utm_source?: string;
  teacher_id?: number;
  group_id?: number;
}

/** GET /form/{id}/answers: a page of answers, newest first. */
export const useFormAnswers = (id: number, filters: AnswerFilters, page: number) =>
  useQuery({
    queryKey: [...answersKey(id), filters, page],
    queryFn: () => api(formRoutes.answers, { params: { id }, query: { ...filters, page, per_page: ANSWERS_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });

/** GET /form/{id}/report: the summary per question (the report takes no text search). */
export const useFormReport = (id: number, { search: _search, ...filters }: AnswerFilters) =>
  useQuery({
    queryKey: [...reportKey(id), filters],
    queryFn: () => api(formRoutes.report, { params: { id }, query: filters }),
    placeholderData: keepPreviousData,
  });

/** POST /form/{id}/audit-links: each active student of the groups gets his link by SMS. */
export const useSendAudit = (id: number) =>
  useMutation({
    mutationFn: (groupIds: number[]) => api(formRoutes.sendAudit, { params: { id }, body: { group_ids: groupIds } }),
  });

/** The filtered answers as an xlsx file (GET /form/{id}/answers/export), its own headings in the interface's language. */
export const downloadFormAnswers = (id: number, filters: AnswerFilters, lang: Language, fileName: string) =>
  downloadFile(routePath(formRoutes.exportAnswers.path, { id }), fileName, { ...filters, lang });
