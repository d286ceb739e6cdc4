import {
  type CreateMenuItemRequest,
  createMenuItem,
  MENU_MANAGEMENT_TEXTS,
  MESSAGES,
  type UpdateMenuItemRequest,
  updateMenuItem,
} from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';
import { menuQueryOptions } from './get-menu.js';

type SaveItem =
  | { kind: 'create'; body: CreateMenuItemRequest }
  | { kind: 'update'; id: string; body: UpdateMenuItemRequest };

function save(input: SaveItem) {
  return input.kind === 'create'
    ? api.call(createMenuItem, { body: input.body })
    : api.call(updateMenuItem, { params: { id: input.id }, body: input.body });
}

/** Adds or edits a menu item; the server's message when it refuses (its schema is the same). */
export function useSaveItem() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: save,
    onSuccess: (item) =>
      toast({ title: MENU_MANAGEMENT_TEXTS.savedTitle, description: MENU_MANAGEMENT_TEXTS.saved(item.name) }),
    onError: (error, input) =>
      toast({
        title: MENU_MANAGEMENT_TEXTS.errorTitle,
        description: toastMessage(
          error,
          input.kind === 'create' ? MESSAGES.createFailed('menu item') : MESSAGES.updateFailed('menu item'),
        ),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuQueryOptions().queryKey }),
  });
}
