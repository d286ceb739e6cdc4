import { DASHBOARD_TEXTS, populateDemo } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../app/api-client.js';
import { useToast } from '../components/toast.js';

/** Load Demo Data: 'Demo Data Populated!' with the counts, then every cached read is refreshed. */
export function usePopulateDemo() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: () => api.call(populateDemo, {}),
    onSuccess: (data) => {
      toast({
        title: DASHBOARD_TEXTS.demoPopulatedTitle,
        description: DASHBOARD_TEXTS.demoCounts(data.tables, data.menuItems, data.waitlistEntries),
      });
      void queryClient.invalidateQueries();
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: toastMessage(error, DASHBOARD_TEXTS.demoFailed),
        variant: 'destructive',
      }),
  });
}
