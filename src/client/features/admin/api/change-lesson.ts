import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminLesson, AdminLessonList, LessonSaveInput } from '#shared/schemas/lesson-admin';
import type { TrainingPartId } from '#shared/schemas/training';
import { auditKey } from './get-audit-log';
import { lessonsKey } from './get-lessons';
import { lessonVersionsKey } from './get-lesson-versions';
import { adminRequest } from './admin-request';

/** After a lesson change: its row in the list (the answer), its history and the audit log. */
export function lessonChanged(qc: QueryClient, lesson: AdminLesson): void {
  qc.setQueryData<AdminLessonList>(lessonsKey, (list) => (list ? { ...list, lessons: list.lessons.map((l) => (l.id === lesson.id ? lesson : l)) } : list));
  void qc.invalidateQueries({ queryKey: lessonVersionsKey(lesson.id) });
  void qc.invalidateQueries({ queryKey: auditKey });
}

/** PUT /api/admin/lessons/:partId: the Markdown and video id as a new version (the server parses it first). */
export function useSaveLesson(partId: TrainingPartId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LessonSaveInput) => adminRequest<AdminLesson>('PUT', `/api/admin/lessons/${partId}`, input),
    onSuccess: (lesson) => lessonChanged(qc, lesson),
  });
}

/** POST /api/admin/lessons/:partId/versions/:id/restore: an old version becomes a new one. */
export function useRestoreLessonVersion(partId: TrainingPartId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminRequest<AdminLesson>('POST', `/api/admin/lessons/${partId}/versions/${id}/restore`),
    onSuccess: (lesson) => lessonChanged(qc, lesson),
  });
}

/** DELETE /api/admin/lessons/:partId/video: the uploaded video goes (the version's id or the configured one plays again). */
export function useRemoveLessonVideo(partId: TrainingPartId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<AdminLesson>('DELETE', `/api/admin/lessons/${partId}/video`),
    onSuccess: (lesson) => lessonChanged(qc, lesson),
  });
}
