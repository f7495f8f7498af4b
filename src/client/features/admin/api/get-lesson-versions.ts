import { useQuery } from '@tanstack/react-query';
import type { LessonVersion, LessonVersionList } from '#shared/schemas/lesson-admin';
import type { TrainingPartId } from '#shared/schemas/training';
import { adminGet } from './admin-request';

export const lessonVersionsKey = (partId: TrainingPartId) => ['/api/admin/lessons', partId, 'versions'] as const;

/** GET /api/admin/lessons/:partId/versions: a lesson's versions, newest first. */
export const useLessonVersions = (partId: TrainingPartId) =>
  useQuery({ queryKey: lessonVersionsKey(partId), queryFn: ({ signal }) => adminGet<LessonVersionList>(`/api/admin/lessons/${partId}/versions`, signal), staleTime: 0 });

/** GET /api/admin/lessons/:partId/versions/:id: one version's source and the source before it. */
export const useLessonVersion = (partId: TrainingPartId, id: number) =>
  useQuery({ queryKey: [...lessonVersionsKey(partId), id], queryFn: ({ signal }) => adminGet<LessonVersion>(`/api/admin/lessons/${partId}/versions/${id}`, signal) });
