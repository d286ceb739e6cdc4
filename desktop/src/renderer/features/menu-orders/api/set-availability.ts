import { MENU_ORDERS_TEXTS, type MenuItem, setMenuItemAvailability } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';
import { menuQueryOptions } from './get-menu.js';

function setAvailability({ id, isAvailable }: { id: string; isAvailable: boolean }) {
  return api.call(setMenuItemAvailability, { params: { id }, body: { isAvailable } });
}

/** The Menu tab's toggle: guests' menus follow at once (menu.item.updated). */
export function useSetAvailability() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const key = menuQueryOptions().queryKey;
  return useMutation({
    mutationFn: setAvailability,
    // The switch moves at once; a refusal puts it back (the menu is read again when settled).
    onMutate: async ({ id, isAvailable }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, (menu) => {
        if (!menu) return menu;
        const flip = (item: MenuItem) => (item.id === id ? { ...item, isAvailable } : item);
        return {
          items: menu.items.map(flip),
          groupedByCategory: Object.fromEntries(
            Object.entries(menu.groupedByCategory).map(([category, items]) => [category, items.map(flip)]),
          ),
        };
      });
    },
    onSuccess: (item) => {
      toast(
        item.isAvailable
          ? { title: MENU_ORDERS_TEXTS.madeAvailableTitle, description: MENU_ORDERS_TEXTS.madeAvailable(item.name) }
          : {
              title: MENU_ORDERS_TEXTS.madeUnavailableTitle,
              description: MENU_ORDERS_TEXTS.madeUnavailable(item.name),
            },
      );
    },
    onError: (error) =>
      toast({
        title: MENU_ORDERS_TEXTS.errorTitle,
        description: toastMessage(error),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
