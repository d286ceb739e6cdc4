// The organization's floor templates (issue 25): the designer's Templates list them, and Save as
// Template keeps one; both where the server keeps them (the cloud).
import { FLOOR_TEXTS, listFloorTemplates, saveFloorTemplate, type TemplateLayout } from '@tablewise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useMayCall } from '../../../app/may-call.js';
import { useToast } from '../../../components/toast.js';

const templatesQueryOptions = () =>
  queryOptions({ queryKey: listFloorTemplates.key(), queryFn: () => api.call(listFloorTemplates) });

export function useFloorTemplates() {
  const may = useMayCall(listFloorTemplates);
  return useQuery({ ...templatesQueryOptions(), enabled: may });
}

/** Save as Template's server copy; undefined where the server keeps none or the member may not. */
export function useSaveTemplate(): ((name: string, layout: TemplateLayout) => void) | undefined {
  const may = useMayCall(saveFloorTemplate);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const save = useMutation({
    mutationFn: (input: { name: string; layout: TemplateLayout }) => api.call(saveFloorTemplate, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesQueryOptions().queryKey }),
    onError: (error) =>
      toast({ title: FLOOR_TEXTS.templateNotKept, description: toastMessage(error), variant: 'destructive' }),
  });
  return may ? (name, layout) => save.mutate({ name, layout }) : undefined;
}
