import { SHELL_MESSAGES, sendStaffAlert } from '@tablewise/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, toastMessage } from '../app/api-client.js';
import { useToast } from '../components/toast.js';

type NewAlert = z.input<(typeof sendStaffAlert)['body']>;

function send(alert: NewAlert) {
  return api.call(sendStaffAlert, { body: alert });
}

/**
 * Send Alert. The sender sees the alert itself arrive as every screen does; on success this only
 * says where it went when that was not the whole venue (the cloud was away).
 */
export function useSendAlert() {
  const { toast } = useToast();
  return useMutation({
    mutationFn: send,
    onSuccess: (sent) => {
      if (sent.reach === 'terminal') {
        toast({ title: SHELL_MESSAGES.alertSentTitle, description: SHELL_MESSAGES.alertSentTerminal });
      }
    },
    onError: (error) =>
      toast({
        title: SHELL_MESSAGES.qrFailedTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
  });
}
