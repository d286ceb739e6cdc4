import { QA_SEED_PRODUCTS, seedProduct } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';
import { smokeTestQueryOptions } from './get-smoke-test.js';

export function useSeedTestData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(seedProduct, { params: { product: QA_SEED_PRODUCTS[0] } }),
    onSuccess: (answer) => queryClient.setQueryData(smokeTestQueryOptions().queryKey, answer),
  });
}
