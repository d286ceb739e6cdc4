import { ScanAnswer, type ScanTableRequest } from '@tablewise/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../app/api-client.js';

export function scanTable(body: z.input<typeof ScanTableRequest>) {
  return apiRequest('/api/guest/scan-table', ScanAnswer, { method: 'POST', body });
}

export function useScanTable() {
  return useMutation({ mutationFn: scanTable });
}
