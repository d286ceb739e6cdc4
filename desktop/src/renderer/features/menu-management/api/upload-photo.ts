// A menu photo (spec 3): checked here first (one image of at most 5 MB), then an upload URL from
// POST /api/objects/upload, the file's bytes PUT to it (the cloud checks them again, by their
// content), and PUT /api/menu/:id/image. Each step's failure has the spec's own message.
import {
  createUpload,
  imageUploadProblem,
  MENU_MANAGEMENT_TEXTS,
  MESSAGES,
  type MenuItem,
  StoredObjectAnswer,
  setMenuItemImage,
} from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';
import { menuQueryOptions } from './get-menu.js';

class StepFailed extends Error {}

async function uploadPhoto({ item, file }: { item: MenuItem; file: File }): Promise<MenuItem> {
  const problem = imageUploadProblem([file]);
  if (problem) throw new StepFailed(problem);
  const link = await api.call(createUpload).catch((error: unknown) => {
    throw new StepFailed(toastMessage(error, MESSAGES.uploadUrlFailed));
  });
  const response = await fetch(link.uploadURL, {
    method: 'PUT',
    credentials: 'include',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  }).catch(() => {
    throw new StepFailed(MESSAGES.uploadFailed);
  });
  const text = await response.text();
  if (!response.ok)
    throw new StepFailed(
      new ApiError(response.status, text, response.statusText).serverMessage ?? MESSAGES.uploadFailed,
    );
  const stored = StoredObjectAnswer.parse(JSON.parse(text));
  return api
    .call(setMenuItemImage, { params: { id: item.id }, body: { imageUrl: stored.objectUrl } })
    .catch((error: unknown) => {
      throw new StepFailed(toastMessage(error, MESSAGES.menuImageUpdateFailed));
    });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: (item) =>
      toast({ title: MENU_MANAGEMENT_TEXTS.photoSavedTitle, description: MENU_MANAGEMENT_TEXTS.photoSaved(item.name) }),
    onError: (error) =>
      toast({
        title: MENU_MANAGEMENT_TEXTS.errorTitle,
        description: error instanceof StepFailed ? error.message : MESSAGES.uploadFailed,
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuQueryOptions().queryKey }),
  });
}
