import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { fetchPublicForm, sendPublicAnswer } from './public-form-api';
import { PublicFormScreen } from './public-form-screen';

/** Spec §2 /entry/form/{id}: a published form of the subdomain's company, for anyone. */
export function PublicFormPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const form = useQuery({
    queryKey: ['public-form', id],
    queryFn: () => fetchPublicForm(id),
    enabled: valid,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <PublicFormScreen form={form} send={(body) => sendPublicAnswer(id, body)} outcome={valid ? undefined : 'closed'} />
  );
}
