import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLesson } from '#shared/schemas/lesson-admin';
import type { TrainingPartId } from '#shared/schemas/training';
import { ApiRequestError } from '../../../lib/api-client';
import { lessonChanged } from './change-lesson';
import { isAdminLocked } from './admin-request';
import { unlockStatusKey } from './get-unlock-status';

/**
 * PUT /api/admin/lessons/:partId/video with the file itself as the body. XMLHttpRequest rather
 * than fetch: fetch reports no upload progress, and a video may take minutes to send.
 */
function sendVideo(partId: TrainingPartId, file: File, onProgress: (fraction: number) => void): Promise<AdminLesson> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/api/admin/lessons/${partId}/video`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as AdminLesson);
      const parsed = (typeof body === 'object' && body !== null ? body : {}) as { message?: string };
      reject(new ApiRequestError(xhr.status, parsed.message ?? (xhr.statusText || `Upload failed (${xhr.status})`), parsed));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'The upload did not reach the server. Check the connection and try again.'));
    xhr.send(file);
  });
}

export function useUploadLessonVideo(partId: TrainingPartId, onProgress: (fraction: number) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => sendVideo(partId, file, onProgress),
    onSuccess: (lesson) => lessonChanged(qc, lesson),
    onError: (err) => {
      if (isAdminLocked(err)) void qc.invalidateQueries({ queryKey: unlockStatusKey });
    },
  });
}
